import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { readLog } from './response-log.js';

/**
 * Operations no API test gets a success answer from, each with the reason. Keep this short: a
 * small test that reaches the success is better than an entry here.
 */
export const UNCHECKED_OPERATIONS: Record<string, string> = {};

/**
 * vitest globalSetup of the API projects (issue 19): a run directory where the test apps log the
 * answers they checked against their OpenAPI document (response-check.ts). The teardown fails
 * the run on any mismatch and, when every file of the project ran and passed, on any documented
 * operation without a checked success answer that is not in UNCHECKED_OPERATIONS. Coverage is a
 * question for the SQLite project only: it runs every API file, PostgreSQL only those whose SQL can
 * differ (test/engines.ts, ADR 0024); answers on PostgreSQL are still checked one by one.
 */
export default function setup(project: TestProject): () => Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bulkparts-answers-'));
  project.provide('responseLog', dir);
  return async () => {
    const log = readLog(dir);
    rmSync(dir, { recursive: true, force: true });
    const problems = log.mismatches.map((line) => String(JSON.parse(line)));
    const complete = project.name === 'api-sqlite' && (await ranEveryFile(project));
    if (complete) {
      const unchecked = [...log.operations].filter((op) => !log.validated.has(op) && !(op in UNCHECKED_OPERATIONS)).sort();
      if (unchecked.length) problems.push(`No test got a success answer checked against the document from: ${unchecked.join(', ')}`);
      const stale = Object.keys(UNCHECKED_OPERATIONS).filter((op) => log.validated.has(op) || !log.operations.has(op));
      if (stale.length) problems.push(`UNCHECKED_OPERATIONS lists operations that are checked now or no longer documented: ${stale.join(', ')}`);
    }
    const { answers, milliseconds, documents } = log.stats;
    const coverage = complete
      ? `${log.validated.size} of ${log.operations.size} operations with a checked success answer`
      : project.name === 'api-sqlite'
        ? 'coverage not checked (not every file ran and passed)'
        : 'coverage checked on api-sqlite, which runs every file';
    console.log(`[${project.name}] OpenAPI answers: ${answers} checked in ${Math.round(milliseconds)} ms (${documents} documents built); ${coverage}`);
    if (!problems.length) return;
    // vitest prints a teardown error but still exits 0 when every test passed.
    process.exitCode = 1;
    throw new Error(`[${project.name}] ${problems.join('\n')}`);
  };
}

/** Coverage only means something on a whole run: every test file of the project ran, none failed, no `-t` filter. */
async function ranEveryFile(project: TestProject): Promise<boolean> {
  if (project.vitest.config.testNamePattern) return false;
  const { testFiles } = await project.globTestFiles();
  const modules = project.vitest.state.getTestModules().filter((module) => module.project.name === project.name);
  const passed = new Set(modules.filter((module) => module.state() === 'passed' || module.state() === 'skipped').map((module) => module.moduleId));
  return testFiles.every((file) => passed.has(file));
}
