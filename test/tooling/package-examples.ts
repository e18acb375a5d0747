// The framework examples' checkers (test/tooling/package.test.ts): each framework's own type checker over an
// example folder, and the same checker over a copy of it with one deliberate type error, so the gate is shown to fail.
// The examples are checked twice: in examples/ (tsconfig `paths` to dist/types), and copied into an app that has the
// packed package installed beside the framework's own packages only (`appWithExamples`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface ExampleCheck {
  name: string;
  /** Runs the checker in `dir` (an example folder or a copy of it); returns its exit code and output. */
  check(repoRoot: string, dir: string): { status: number | null; output: string };
  /** The file of the copy to break, and the line added to it (a property of the event detail that does not exist). */
  broken: { file: string; edit(text: string): string };
  /** What an app of this framework installs itself (the package installs none of them). */
  packages: string[];
}

function run(repoRoot: string, bin: string, args: string[]) {
  const result = spawnSync(path.join(repoRoot, 'node_modules', '.bin', bin), args, { cwd: repoRoot, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const detailTypo = (text: string) => text.replace('event.detail.type', 'event.detail.kind');

export const EXAMPLES: ExampleCheck[] = [
  {
    name: 'react (tsc)',
    check: (root, dir) => run(root, 'tsc', ['-p', path.join(dir, 'tsconfig.json')]),
    broken: { file: 'src/main.tsx', edit: detailTypo },
    packages: ['react', 'react-dom', '@types/react', '@types/react-dom'],
  },
  {
    name: 'solid (tsc)',
    check: (root, dir) => run(root, 'tsc', ['-p', path.join(dir, 'tsconfig.json')]),
    broken: { file: 'src/main.tsx', edit: detailTypo },
    packages: ['solid-js'],
  },
  {
    name: 'vue (vue-tsc)',
    check: (root, dir) => run(root, 'vue-tsc', ['-p', path.join(dir, 'tsconfig.json')]),
    broken: { file: 'src/App.vue', edit: detailTypo },
    packages: ['vue'],
  },
  {
    name: 'svelte (svelte-check)',
    check: (root, dir) =>
      run(root, 'svelte-check', [
        '--workspace',
        dir,
        '--tsconfig',
        path.join(dir, 'tsconfig.json'),
        '--fail-on-warnings',
      ]),
    broken: { file: 'src/App.svelte', edit: detailTypo },
    packages: ['svelte'],
  },
];

/**
 * A copy of `<examplesDir>/<name>` beside the original (`.broken-<name>-<pid>`), so its tsconfig `extends` and paths
 * and the node_modules above resolve as for the original. Removed by the returned function.
 */
export function brokenCopy(examplesDir: string, name: string, example: ExampleCheck): { dir: string; remove(): void } {
  const source = path.join(examplesDir, name);
  const dir = path.join(examplesDir, `.broken-${name}-${process.pid}`);
  fs.cpSync(source, dir, { recursive: true });
  const file = path.join(dir, example.broken.file);
  const text = fs.readFileSync(file, 'utf8');
  const edited = example.broken.edit(text);
  if (edited === text) throw new Error(`the deliberate error could not be made in ${file}`);
  fs.writeFileSync(file, edited);
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * An app (`appDir`) with the installed package copied from `packageDir` into its node_modules, beside links to the
 * repository's copies of each framework's `packages` and nothing else (no XState or Emotion: the package must not need
 * them), and every example in `appDir/examples`, whose shared tsconfig has no `paths`: `auth-login` resolves from
 * node_modules through the package's `exports`, as in an app. Returns the examples folder.
 */
export function appWithExamples(repoRoot: string, packageDir: string, appDir: string): string {
  const modules = path.join(appDir, 'node_modules');
  fs.cpSync(packageDir, path.join(modules, 'auth-login'), { recursive: true });
  for (const name of new Set(EXAMPLES.flatMap((example) => example.packages))) {
    fs.mkdirSync(path.dirname(path.join(modules, name)), { recursive: true });
    fs.symlinkSync(path.join(repoRoot, 'node_modules', name), path.join(modules, name), 'dir');
  }
  const examples = path.join(appDir, 'examples');
  fs.mkdirSync(examples, { recursive: true });
  const base = JSON.parse(fs.readFileSync(path.join(repoRoot, 'examples', 'tsconfig.base.json'), 'utf8')) as {
    '//'?: string;
    compilerOptions: { paths?: unknown };
  };
  delete base['//'];
  delete base.compilerOptions.paths;
  fs.writeFileSync(path.join(examples, 'tsconfig.base.json'), JSON.stringify(base, null, 2));
  for (const example of EXAMPLES) {
    const name = example.name.split(' ')[0]!;
    fs.cpSync(path.join(repoRoot, 'examples', name), path.join(examples, name), { recursive: true });
  }
  return examples;
}
