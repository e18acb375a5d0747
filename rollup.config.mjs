// Three artefacts (see README): the element as an ES module with lazy chunks, a classic script for pages that cannot
// write a module script tag (it loads the module build), and the headless client alone.
import { nodeResolve } from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import esbuild from 'rollup-plugin-esbuild';

/** React 19 has useSyncExternalStore built in; @xstate/react imports the shim that re-implements it for React 17. */
const withoutUseSyncExternalStoreShim = {
  name: 'without-use-sync-external-store-shim',
  resolveId(id, importer) {
    if (id !== 'use-sync-external-store/shim/with-selector') return null;
    return this.resolve('use-sync-external-store/with-selector', importer, { skipSelf: true });
  },
};

const plugins = () => [
  withoutUseSyncExternalStoreShim,
  replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
  nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
  commonjs(),
  esbuild({
    target: 'es2020',
    jsx: 'automatic',
    jsxImportSource: '@emotion/react',
    tsconfig: 'tsconfig.json',
  }),
  terser({ format: { comments: false }, compress: { passes: 2 } }),
];

/**
 * Lazy chunks are named after the module that starts them (screens, phone, wallet ...), for the size report; a
 * product's chunk after its folder (`product-otps-….js`), so a test can tell which product's code a page fetched.
 */
function chunkFileNames(chunk) {
  const entry = chunk.facadeModuleId ?? chunk.moduleIds.at(-1) ?? chunk.name;
  const product = /[\\/]products[\\/]([^\\/]+)[\\/]chunk\.ts$/.exec(entry);
  if (product) return `chunks/product-${product[1]}-[hash].js`;
  const base = entry.split(/[\\/]/).pop().replace(/\.(tsx?|m?js)$/, '');
  return `chunks/${base || chunk.name}-[hash].js`;
}

// Emotion imports hoist-non-react-statics (and through it react-is) for its side effects only, for withTheme, which
// the widget never uses; both are pure, so dropping them saves about 1 KB gzip of first paint.
const treeshake = { moduleSideEffects: (id) => !/node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/.test(id) };

const onwarn = (warning, warn) => {
  // React and Emotion ship "use client" directives that mean nothing in a bundle.
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
  warn(warning);
};

export default [
  {
    input: { 'auth-login': 'src/widget/index.ts' },
    preserveEntrySignatures: 'allow-extension',
    output: { dir: 'dist', format: 'es', entryFileNames: '[name].js', chunkFileNames, sourcemap: true },
    plugins: plugins(),
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
    plugins: plugins(),
    treeshake,
    onwarn,
  },
];
