// Three artefacts (see README): the element as an ES module with lazy chunks, a classic script for pages that cannot
// write a module script tag (it loads the module build), and the headless client alone.
import { nodeResolve } from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import esbuild from 'rollup-plugin-esbuild';

/**
 * React 19 has useSyncExternalStore built in; @xstate/react imports the shims that re-implement it for React 17: the
 * selector variant goes to the package's React-18+ build, the plain hook straight to React's own.
 */
const REACT_USE_SYNC_EXTERNAL_STORE = '\0react-use-sync-external-store';
const withoutUseSyncExternalStoreShim = {
  name: 'without-use-sync-external-store-shim',
  resolveId(id, importer) {
    if (id === 'use-sync-external-store/shim') return REACT_USE_SYNC_EXTERNAL_STORE;
    if (id !== 'use-sync-external-store/shim/with-selector') return null;
    return this.resolve('use-sync-external-store/with-selector', importer, { skipSelf: true });
  },
  load(id) {
    return id === REACT_USE_SYNC_EXTERNAL_STORE ? "export { useSyncExternalStore } from 'react';" : null;
  },
};

/**
 * What the module builds compile to: evergreen browsers with ES2022 classes (Chrome 74+, Firefox 90+, Safari 14.1+), so
 * esbuild keeps private fields native instead of emitting WeakMap helpers (about 0.4 KB gzip of first paint). The
 * classic script is only a loader of this build (src/widget/iife.ts), so these are its browsers too.
 */
const MODULE_TARGET = 'es2022';

/**
 * Emotion's cache runs its own vendor prefixer (a 1 KB gzip table of -webkit-/-moz-/-ms- rewrites) on every rule by
 * default. The widget's CSS needs no prefix in the browsers the module build targets (see MODULE_TARGET), so the
 * default plugin list becomes empty and the prefixer is dropped as dead code.
 */
const withoutEmotionPrefixer = {
  name: 'without-emotion-prefixer',
  transform(code, id) {
    if (!/[\\/]@emotion[\\/]cache[\\/]dist[\\/]/.test(id)) return null;
    const DEFAULT_PLUGINS = 'var defaultStylisPlugins = [prefixer];';
    if (!code.includes(DEFAULT_PLUGINS))
      this.error(`${id}: Emotion's default plugin list has changed; update ${this.name}`);
    return { code: code.replace(DEFAULT_PLUGINS, 'var defaultStylisPlugins = [];'), map: null };
  },
};

const plugins = (target = 'es2020') => [
  withoutUseSyncExternalStoreShim,
  ...(target === MODULE_TARGET ? [withoutEmotionPrefixer] : []),
  replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
  nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
  commonjs(),
  esbuild({
    target,
    jsx: 'automatic',
    jsxImportSource: '@emotion/react',
    tsconfig: 'tsconfig.json',
  }),
  terser({
    ecma: 2020,
    module: true,
    format: { comments: false },
    compress: { passes: 3, pure_getters: true },
  }),
];

/**
 * Lazy chunks are named after the module that starts them (screens, phone, wallet ...), for the size report; a
 * product's chunks after its folder (`product-otps-….js`, `block-view-oauth-….js`), so a test can tell which
 * product's code a page fetched.
 */
function chunkFileNames(chunk) {
  const entry = chunk.facadeModuleId ?? chunk.moduleIds.at(-1) ?? chunk.name;
  const product = /[\\/]products[\\/]([^\\/]+)[\\/]chunk\.ts$/.exec(entry);
  if (product) return `chunks/product-${product[1]}-[hash].js`;
  // What the first paint loads of a product before React (its block's view, its early send): `early-send-<folder>`.
  const firstPaint = /[\\/]products[\\/]([^\\/]+)[\\/](block\.view|early-send)\.ts$/.exec(entry);
  if (firstPaint) return `chunks/${firstPaint[2].replace('.', '-')}-${firstPaint[1]}-[hash].js`;
  const base = entry
    .split(/[\\/]/)
    .pop()
    .replace(/\.(tsx?|m?js)$/, '');
  return `chunks/${base || chunk.name}-[hash].js`;
}

// Emotion imports hoist-non-react-statics (and through it react-is) for its side effects only, for withTheme, which
// the widget never uses; both are pure, so dropping them saves about 1 KB gzip of first paint.
const treeshake = { moduleSideEffects: (id) => !/node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/.test(id) };

/**
 * The portal preloads the entry with one static `<link rel="modulepreload" href="/auth-login.js">` (issue 18): correct
 * only while the entry imports no chunk statically (a shared chunk would be fetched after it, unpreloaded). Fails the
 * build rather than letting the link go stale.
 */
const entryWithoutStaticImports = {
  name: 'entry-without-static-imports',
  generateBundle(_, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type === 'chunk' && chunk.isEntry && chunk.imports.length > 0) {
        this.error(
          `${chunk.fileName} imports ${chunk.imports.join(', ')} statically; demo-site's modulepreload links would miss them`,
        );
      }
    }
  },
};

/**
 * The element fetches the rendering half (React's chunk) as soon as its first paint is up but runs it only once the
 * visitor is not typing (src/widget/element/runtime-load.ts): a `modulepreload` link, for which the entry needs the
 * chunk's file name. The source names it by a global the build replaces in the written entry. Replaced after the
 * hashes are final and with a text of the same length (a quoted `./chunks/runtime-<8 characters>.js`), so the
 * entry's source map stays right; a build where that stops holding fails rather than writing a wrong map.
 */
const RUNTIME_FILE_GLOBAL = '__AUTH_LOGIN_RUNTIME_CHUNK_URL';
const runtimeFileInEntry = {
  name: 'runtime-file-in-entry',
  generateBundle(_, bundle) {
    const entry = bundle[`${ENTRY_NAME}.js`];
    const runtime = Object.values(bundle).find(
      (file) => file.type === 'chunk' && /^chunks\/runtime-/.test(file.fileName),
    );
    if (entry?.type !== 'chunk' || !runtime) this.error('the entry or the runtime chunk is missing');
    const quoted = JSON.stringify(`./${runtime.fileName}`);
    if (quoted.length !== RUNTIME_FILE_GLOBAL.length)
      this.error(`${quoted} is not as long as ${RUNTIME_FILE_GLOBAL}: the entry's source map would be wrong`);
    if (!entry.code.includes(RUNTIME_FILE_GLOBAL)) this.error(`${entry.fileName} does not name ${RUNTIME_FILE_GLOBAL}`);
    entry.code = entry.code.replaceAll(RUNTIME_FILE_GLOBAL, quoted);
  },
};

/**
 * The entry (src/widget/element.ts) paints Main itself and imports the rendering half, src/widget/runtime.ts (React,
 * XState, the React root), as it connects. Every module that half imports statically is fetched with it anyway, so
 * they make one chunk: left to Rollup, the modules it shares with product chunks (React, Emotion's React binding, the
 * UI kit) became a dozen small chunks, each requested only once runtime.js had been parsed (one more round trip, and
 * a gzip stream each). Except what the first paint itself loads before React (a product's block view, its early send:
 * products/<folder>/block.view.ts, early-send.ts): a module those reach stays out of the runtime chunk, or painting a
 * block or sending early would wait for React. Each such module makes one chunk with what it reaches outside the entry
 * (a product's chunk then imports the parts it shares from there): left to Rollup, the shared parts became chunks of
 * their own, fetched only once the module's chunk had been parsed, one more round trip before Continue could send.
 */
/** The module build's entry, `dist/auth-login.js`. */
const ENTRY_NAME = 'auth-login';

function runtimeChunk() {
  const RUNTIME = /[\\/]src[\\/]widget[\\/]runtime\.ts$/;
  const FIRST_PAINT = /[\\/]src[\\/]widget[\\/]products[\\/][^\\/]+[\\/](block\.view|early-send)\.ts$/;
  const PRODUCT_ROOT = /[\\/]src[\\/]widget[\\/]products[\\/]([^\\/]+)[\\/](block\.view|early-send|chunk)\.ts$/;
  let members;
  let inEntry;
  let shared;
  /** Each module a first-paint module reaches outside the entry, and the chunk that module makes. */
  let paintChunks;
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!members) {
      const reach = (start) => {
        const seen = new Set();
        const stack = [start];
        while (stack.length > 0) {
          const next = stack.pop();
          if (seen.has(next)) continue;
          seen.add(next);
          stack.push(...(getModuleInfo(next)?.importedIds ?? []));
        }
        return seen;
      };
      const ids = [...getModuleIds()];
      const entry = ids.find((moduleId) => getModuleInfo(moduleId)?.isEntry);
      const runtime = ids.find((moduleId) => RUNTIME.test(moduleId));
      if (!entry || !runtime)
        throw new Error('rollup.config.mjs: the entry or src/widget/runtime.ts is missing from the graph');
      inEntry = reach(entry);
      const firstPaint = ids.filter((moduleId) => FIRST_PAINT.test(moduleId)).sort();
      members = new Set([...reach(runtime)].filter((moduleId) => !inEntry.has(moduleId)));
      // The product folders whose lazy modules (chunk, block view, early send) reach each module.
      const usedBy = new Map();
      for (const root of ids.filter((moduleId) => PRODUCT_ROOT.test(moduleId))) {
        const folder = PRODUCT_ROOT.exec(root)[1];
        for (const moduleId of reach(root)) usedBy.set(moduleId, (usedBy.get(moduleId) ?? new Set()).add(folder));
      }
      paintChunks = new Map();
      for (const start of firstPaint) {
        const [, folder, file] = PRODUCT_ROOT.exec(start);
        for (const moduleId of reach(start)) {
          if (inEntry.has(moduleId) || paintChunks.has(moduleId)) continue;
          // What several products use (the error catalogue) makes a chunk of its own: unclaimed, the first manual
          // chunk that imports it would take it in, and the others would fetch that product's chunk for it.
          const shared = usedBy.get(moduleId).size > 1;
          paintChunks.set(moduleId, shared ? moduleId.replace(/^.*[\\/]|\.[^.]+$/g, '') : `${folder}-${file}`);
        }
      }
      // What the runtime reaches too gets a small chunk of its own: unclaimed, the runtime chunk would take it in.
      shared = new Set([...members].filter((moduleId) => paintChunks.has(moduleId)));
    }
    if (shared.has(id)) return 'paint-shared';
    if (paintChunks.has(id)) return paintChunks.get(id);
    // A manual chunk takes in the dependencies of its modules that no chunk claims, the entry's own among them: the
    // entry's modules are claimed by a manual chunk of the entry's name, which Rollup makes the entry chunk itself.
    if (inEntry.has(id)) return ENTRY_NAME;
    return members.has(id) ? 'runtime' : undefined;
  };
}

const onwarn = (warning, warn) => {
  // React and Emotion ship "use client" directives that mean nothing in a bundle.
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
  warn(warning);
};

export default [
  {
    input: { [ENTRY_NAME]: 'src/widget/index.ts' },
    preserveEntrySignatures: 'allow-extension',
    output: {
      dir: 'dist',
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames,
      sourcemap: true,
      manualChunks: runtimeChunk(),
    },
    plugins: [...plugins(MODULE_TARGET), entryWithoutStaticImports, runtimeFileInEntry],
    treeshake,
    onwarn,
  },
  {
    // A loader that imports the module build above from beside itself (src/widget/iife.ts), rather than every chunk
    // inlined: a classic-script page then loads only what a module page does.
    input: 'src/widget/iife.ts',
    output: { file: 'dist/auth-login.iife.js', format: 'iife', sourcemap: true },
    plugins: plugins(),
    treeshake,
    onwarn,
  },
  {
    input: 'src/client/index.ts',
    // One file for the headless client: its lazy calls (accounts, captcha) are inlined rather than split.
    output: { file: 'dist/client.js', format: 'es', sourcemap: true, inlineDynamicImports: true },
    plugins: plugins(MODULE_TARGET),
    treeshake,
    onwarn,
  },
  {
    // The organization (B2B) client, a file of its own: a consumer site's client carries none of it.
    input: 'src/client/b2b.ts',
    output: { file: 'dist/b2b-client.js', format: 'es', sourcemap: true, inlineDynamicImports: true },
    plugins: plugins(MODULE_TARGET),
    treeshake,
    onwarn,
  },
];
