// Bundle size budgets. Prints every file's raw and gzip size; with --check, exits 1 when a budget is exceeded.
// First paint = the entry plus the chunks it imports statically (what the browser must fetch before Main renders).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');

export const BUDGETS_KB = {
  firstPaint: 105, // issue 2: entry plus its eager imports, gzip
  client: 15, // issue 2: dist/client.js alone, gzip
};

const kb = (bytes) => (bytes / 1024).toFixed(1);
const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

function staticImports(file) {
  const code = fs.readFileSync(file, 'utf8');
  const found = new Set();
  // Minified ES output: `import{a as b}from"./chunks/x.js"` and `import"./chunks/y.js"`; dynamic import(...) is lazy.
  for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g)) found.add(m[1]);
  for (const m of code.matchAll(/export\s*\{[^}]*\}\s*from\s*["']([^"']+)["']/g)) found.add(m[1]);
  return [...found].map((spec) => path.resolve(path.dirname(file), spec));
}

function eagerClosure(entry) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    staticImports(file).forEach(visit);
  };
  visit(entry);
  return [...seen];
}

function listJs(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return listJs(p);
    return d.name.endsWith('.js') ? [p] : [];
  });
}

if (!fs.existsSync(path.join(dist, 'auth-login.js'))) {
  console.error('dist/ is missing: run `npm run build` first.');
  process.exit(1);
}

console.log('file'.padEnd(44), 'raw KB'.padStart(8), 'gzip KB'.padStart(8));
for (const file of listJs(dist).sort()) {
  const rel = path.relative(dist, file);
  console.log(rel.padEnd(44), kb(fs.statSync(file).size).padStart(8), kb(gzipSize(file)).padStart(8));
}

const eager = eagerClosure(path.join(dist, 'auth-login.js'));
const firstPaint = eager.reduce((sum, f) => sum + gzipSize(f), 0);
const client = gzipSize(path.join(dist, 'client.js'));
const rows = [
  ['first paint (auth-login.js + eager chunks)', firstPaint, BUDGETS_KB.firstPaint],
  ['dist/client.js', client, BUDGETS_KB.client],
];
console.log('\nbudget'.padEnd(45), 'gzip KB'.padStart(8), 'limit'.padStart(8));
let over = 0;
for (const [name, bytes, limit] of rows) {
  const ok = bytes <= limit * 1024;
  if (!ok) over++;
  console.log(name.padEnd(44), kb(bytes).padStart(8), `${limit}`.padStart(8), ok ? 'ok' : 'OVER BUDGET');
}
console.log(`eager files: ${eager.map((f) => path.relative(dist, f)).join(', ')}`);
if (process.argv.includes('--check')) {
  console.log(`${rows.length - over} passed, ${over} failed`);
  process.exit(over ? 1 : 0);
}
