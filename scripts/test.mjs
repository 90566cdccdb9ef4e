#!/usr/bin/env node
// `npm test`: every check, in two stages; the second starts only when the first passed:
//   1. what the tests need, side by side: the production build (the process-level API tests and
//      the browser journeys start their servers from it) and tsc -b (TypeScript 7, ADR 0025, a few
//      seconds); beside them, better-sqlite3's compile when the install skipped it (`.ci/run`
//      installs with --ignore-scripts: the compile is one C file on one core), or its addon from
//      this machine's cache when a run here compiled the same version before
//      (scripts/lib/native-module-cache.mjs);
//   2. everything else, side by side: unit, component and API tests (SQLite, plus the PostgreSQL
//      list when TEST_DATABASE_URL is set), the browser journeys in Chromium against the build,
//      prettier --check, eslint and the bundle's JavaScript budget. Vitest spends much of its time
//      waiting on PostgreSQL, timers and the servers it starts, and the journeys fill that time;
//      the static checks run at a lower priority and take what is left (ADR 0024).
// Vitest's output streams live; every other step's output is printed whole when it ends (side-by-side
// steps do not interleave), and the run ends with the ten slowest test files of Vitest and of
// Playwright (test-reports/*.json).
//
// `npm test -- lint vitest` runs only the steps whose names contain one of the words.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import { cachedNativeModule, nativeModuleLoads, restoreNativeModule, storeNativeModule } from './lib/native-module-cache.mjs';
import { slowestFiles } from './lib/test-reports.mjs';

const steps = [
  { name: 'typecheck', stage: 1, cmd: 'npm', args: ['run', 'typecheck'] },
  { name: 'build', stage: 1, cmd: 'npm', args: ['run', 'build'] },
  // Caches (node_modules/.cache, prettier's and eslint's default places) make a developer's second
  // run fast; a fresh clone has none. The static checks yield to the tests beside them.
  { name: 'format', stage: 2, cmd: 'npx', args: ['prettier', '--check', '--cache', '.'], yields: true },
  {
    name: 'lint',
    stage: 2,
    cmd: 'npx',
    args: ['eslint', '.', '--max-warnings', '0', '--cache', '--cache-location', 'node_modules/.cache/eslint/'],
    yields: true,
  },
  { name: 'bundle size', stage: 2, cmd: 'node', args: ['scripts/check-bundle-size.mjs'], yields: true },
  { name: 'vitest (unit, components, API)', stage: 2, cmd: 'npx', args: ['vitest', 'run'], live: true },
  // Its own ports (E2E_PORT and the ports derived from it), away from the 5105-5199 the
  // process-level API tests take beside it (scripts/lib/server-process.mjs).
  { name: 'browser journeys (playwright)', stage: 2, cmd: 'npx', args: ['playwright', 'test'], live: true, env: { E2E_PORT: process.env.E2E_PORT ?? '6100' } },
];

if (nativeModuleLoads()) {
  // installed with its scripts: nothing to do
} else if (restoreNativeModule()) {
  console.log(`better-sqlite3: the addon compiled by an earlier run on this machine (${cachedNativeModule})`);
} else {
  steps.unshift({ name: 'native modules (better-sqlite3)', stage: 1, cmd: 'npm', args: ['rebuild', 'better-sqlite3'], env: { JOBS: 'max' }, native: true });
}

const nativeBuild = steps.some((s) => s.native);
const only = process.argv.slice(2);
// The native module is needed by every later stage, whichever steps were asked for.
const chosen = steps.filter((s) => !only.length || s.name.startsWith('native') || only.some((o) => s.name.includes(o)));
mkdirSync('test-reports', { recursive: true });

/** Runs one step with its output captured; resolves with its result. */
function run(step) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.cmd, step.args, { env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0', ...step.env } });
    // Steps that yield (os priority 10): the first stage's others beside the native compile (one C
    // file, one core, the longest step: they share the second core instead of halving its speed),
    // and the second stage's static checks beside the tests.
    if (((nativeBuild && step.stage === 1 && !step.native) || step.yields) && child.pid) setPriority(child.pid, 10);
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      process.stdout.write(`\n=== ${step.name} (${seconds.toFixed(1)}s, ${code === 0 ? 'pass' : 'FAIL'}) ===\n`);
      process.stdout.write(Buffer.concat(out));
      if (step.native && code === 0) storeNativeModule();
      resolve({ name: step.name, ok: code === 0, seconds });
    });
  });
}

/** Streams one step's output live (a single long step: Vitest, Playwright). */
function runLive(step) {
  const started = Date.now();
  process.stdout.write(`\n=== ${step.name} ===\n`);
  return new Promise((resolve) => {
    const child = spawn(step.cmd, step.args, { stdio: 'inherit', env: { ...process.env, ...step.env } });
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      process.stdout.write(`=== ${step.name}: ${seconds.toFixed(1)}s, ${code === 0 ? 'pass' : 'FAIL'} ===\n`);
      resolve({ name: step.name, ok: code === 0, seconds });
    });
  });
}

const results = [];
const runStarted = Date.now();
for (const stage of [1, 2]) {
  const here = chosen.filter((s) => s.stage === stage);
  if (!here.length) continue;
  // One step of a stage streams its output (the first that asks to); the others print theirs whole.
  const streamed = here.find((s) => s.live);
  const done = await Promise.all(here.map((s) => (s === streamed ? runLive(s) : run(s))));
  results.push(...done);
  if (done.some((r) => !r.ok)) break;
}

console.log('\n=== slowest test files ===');
for (const [label, file] of [
  ['vitest', 'test-reports/vitest-files.json'],
  ['playwright', 'test-reports/playwright.json'],
]) {
  const rows = slowestFiles(label, file, 10);
  if (rows.length) console.log(`${label}:\n${rows.map((r) => `  ${r.seconds.toFixed(1).padStart(6)}s  ${r.file}`).join('\n')}`);
}

console.log('\n=== summary ===');
for (const { name, ok, seconds } of results) console.log(`${ok ? 'PASS' : 'FAIL'}  ${name} (${seconds.toFixed(1)}s)`);
console.log(`total ${((Date.now() - runStarted) / 1000).toFixed(1)}s`);
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
// A run that stopped early (a failed stage) or ran nothing it was asked to is not a pass.
process.exitCode = failed || results.length < chosen.length ? 1 : 0;
