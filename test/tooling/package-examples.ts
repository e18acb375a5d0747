// The framework examples' checkers (test/tooling/package.test.ts): each framework's own type checker over an
// example folder, and the same checker over a copy of it with one deliberate type error, so the gate is shown to fail.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface ExampleCheck {
  name: string;
  /** Runs the checker in `dir` (an example folder or a copy of it); returns its exit code and output. */
  check(repoRoot: string, dir: string): { status: number | null; output: string };
  /** The file of the copy to break, and the line added to it (a property of the event detail that does not exist). */
  broken: { file: string; edit(text: string): string };
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
  },
  {
    name: 'solid (tsc)',
    check: (root, dir) => run(root, 'tsc', ['-p', path.join(dir, 'tsconfig.json')]),
    broken: { file: 'src/main.tsx', edit: detailTypo },
  },
  {
    name: 'vue (vue-tsc)',
    check: (root, dir) => run(root, 'vue-tsc', ['-p', path.join(dir, 'tsconfig.json')]),
    broken: { file: 'src/App.vue', edit: detailTypo },
  },
  {
    name: 'svelte (svelte-check)',
    check: (root, dir) =>
      run(root, 'svelte-check', ['--workspace', dir, '--tsconfig', path.join(dir, 'tsconfig.json'), '--fail-on-warnings']),
    broken: { file: 'src/App.svelte', edit: detailTypo },
  },
];

/**
 * A copy of examples/<name> beside the original (examples/.broken-<name>-<pid>), so its tsconfig `extends` and paths
 * and the repository's node_modules resolve as for the original. Removed by the returned function.
 */
export function brokenCopy(repoRoot: string, name: string, example: ExampleCheck): { dir: string; remove(): void } {
  const source = path.join(repoRoot, 'examples', name);
  const dir = path.join(repoRoot, 'examples', `.broken-${name}-${process.pid}`);
  fs.cpSync(source, dir, { recursive: true });
  const file = path.join(dir, example.broken.file);
  const text = fs.readFileSync(file, 'utf8');
  const edited = example.broken.edit(text);
  if (edited === text) throw new Error(`the deliberate error could not be made in ${file}`);
  fs.writeFileSync(file, edited);
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
