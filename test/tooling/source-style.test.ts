// What the formatter cannot check: Biome wraps code at 120 columns but leaves long strings and comments alone, and
// no tool knows that "issue 12" means nothing to the next maintainer. Both rules hold over every file Biome formats.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE_FOLDERS = ['src', 'test', 'scripts', 'bench', 'demo-site'];
const SOURCE_FILE = /\.(ts|tsx|mts|mjs|js|css|html)$/;
const MAX_LINE = 120;

/**
 * Data tables, where a line is one entry and breaking it would hide the entry: the message catalogues (one text per
 * key, in each language) and generated styles. The demo site's HTML pages are content too: a line is a paragraph, a
 * meta description or the element's JSON config, and whitespace inside them is what the visitor's page holds.
 */
const DATA_TABLES = [
  /^demo-site\/.*\.html$/,
  /^src\/server\/i18n\/(en|es|fr)\.ts$/,
  /^src\/widget\/i18n\/(en|en-errors|en-outcome|(errors|outcome|main)\.(es|fr)|es|fr)\.ts$/,
  /^src\/widget\/products\/[^/]+\/strings(\.es|\.fr)?\.ts$/,
  /^src\/widget\/shell\/(later-)?styles\.generated\.ts$/,
];

/** "issue 12", "Issue #3", "issues 4 and 5"; a link into another project's tracker (…/issues/12) is not ours. */
const ISSUE_NUMBER = /(?<![/\w])issues? #?\d+/i;

function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', ...SOURCE_FOLDERS], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return listed.split('\n').filter((file) => SOURCE_FILE.test(file) && fs.existsSync(path.join(repoRoot, file)));
}

function offendingLines(check: (line: string, file: string) => boolean): string[] {
  const found: string[] = [];
  for (const file of sourceFiles()) {
    const lines = fs.readFileSync(path.join(repoRoot, file), 'utf8').split('\n');
    lines.forEach((line, index) => {
      if (check(line, file)) found.push(`${file}:${index + 1}: ${line.trim().slice(0, 100)}`);
    });
  }
  return found;
}

test(`no source line is longer than ${MAX_LINE} characters outside data tables`, () => {
  const long = offendingLines((line, file) => line.length > MAX_LINE && !DATA_TABLES.some((table) => table.test(file)));
  assert.deepEqual(long, []);
});

test('no code or test cites an issue number (say what the rule is for instead)', () => {
  // This file names the pattern it looks for.
  const self = path.relative(repoRoot, fileURLToPath(import.meta.url));
  assert.deepEqual(
    offendingLines((line, file) => file !== self && ISSUE_NUMBER.test(line)),
    [],
  );
});

test('the checks see the sources they are meant to see', () => {
  const files = sourceFiles();
  for (const folder of SOURCE_FOLDERS)
    assert.ok(
      files.some((file) => file.startsWith(`${folder}/`)),
      folder,
    );
  assert.ok(ISSUE_NUMBER.test('// issue 12: the lockout'));
  assert.ok(!ISSUE_NUMBER.test('see https://github.com/example/project/issues/12'));
});
