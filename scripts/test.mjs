#!/usr/bin/env node
// `npm test`: every check, in the order that fails fastest. Formatting (prettier --check), typecheck and lint, unit and API
// tests (SQLite, plus PostgreSQL when TEST_DATABASE_URL is set), a production build, its
// JavaScript size budget (deterministic, so a test and not a benchmark), then the browser journeys
// in Chromium against that build.
import { spawnSync } from 'node:child_process';

const steps = [
  ['format', 'npx', ['prettier', '--check', '.']],
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ['unit + API tests', 'npx', ['vitest', 'run']],
  ['build', 'npm', ['run', 'build']],
  ['bundle size', 'node', ['scripts/check-bundle-size.mjs']],
  ['browser journeys', 'npx', ['playwright', 'test']],
];

const only = process.argv.slice(2);
const results = [];
for (const [name, cmd, args] of steps) {
  if (only.length && !only.some((o) => name.includes(o))) continue;
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push([name, r.status === 0, seconds]);
  if (r.status !== 0) break;
}
console.log('\n=== summary ===');
for (const [name, ok, s] of results) console.log(`${ok ? 'PASS' : 'FAIL'}  ${name} (${s}s)`);
const failed = results.filter(([, ok]) => !ok).length;
const passed = results.length - failed;
if (results.length < steps.length && !only.length && failed === 0) process.exitCode = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : (process.exitCode ?? 0);
