// `npm test`: runs every stage in order, streams its output, and ends with one total line ("N passed, N failed").
// A failing stage does not hide the later ones; the exit code is non-zero if any stage failed.
import { spawn } from 'node:child_process';

const stages = [
  { name: 'typecheck', script: 'typecheck' },
  { name: 'service and tooling (node:test)', script: 'test:server' },
  { name: 'client and widget (Chromium)', script: 'test:browser' },
  { name: 'end to end (npm start + Chromium)', script: 'test:e2e' },
  { name: 'size budgets', script: 'test:budgets' },
];

/** Pass/fail counts from the output of node:test (spec reporter), @web/test-runner, or our budget script. */
export function countResults(output) {
  const clean = output.replace(/\x1b\[[0-9;]*m/g, '');
  const nodePass = [...clean.matchAll(/^\s*ℹ pass (\d+)$/gm)].map((m) => Number(m[1]));
  const nodeFail = [...clean.matchAll(/^\s*ℹ fail (\d+)$/gm)].map((m) => Number(m[1]));
  if (nodePass.length) return { passed: nodePass.at(-1), failed: nodeFail.at(-1) ?? 0 };
  const plain = [...clean.matchAll(/(\d+) passed, (\d+) failed/g)].at(-1);
  if (plain) return { passed: Number(plain[1]), failed: Number(plain[2]) };
  return null;
}

function run(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
      process.stdout.write(d);
    });
    child.stderr.on('data', (d) => {
      output += d;
      process.stderr.write(d);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

let passed = 0;
let failed = 0;
const summary = [];
for (const stage of stages) {
  console.log(`\n=== ${stage.name} ===`);
  const { code, output } = await run(stage.script);
  const counts = countResults(output) ?? { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 };
  if (code !== 0 && counts.failed === 0) counts.failed = 1; // a crash with no failing test is still a failure
  passed += counts.passed;
  failed += counts.failed;
  summary.push(`${code === 0 ? 'ok  ' : 'FAIL'} ${stage.name}: ${counts.passed} passed, ${counts.failed} failed`);
}
console.log(`\n${summary.join('\n')}`);
console.log(`total: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
