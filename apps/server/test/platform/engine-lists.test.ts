import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BOTH_ENGINES, SQLITE_ONLY } from '../engines.js';

const testRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every `*.test.ts` under apps/server/test, relative to it. */
function testFiles(): string[] {
  return (readdirSync(testRoot, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.test.ts'))
    .sort();
}

/** The choice of engines is made for every file (ADR 0024): a new file in neither list fails here. */
describe('which engines each API test file runs on', () => {
  it('lists every test file exactly once, in BOTH_ENGINES or SQLITE_ONLY', () => {
    const listed = [...BOTH_ENGINES, ...SQLITE_ONLY];
    const files = testFiles();
    expect(
      files.filter((f) => !listed.includes(f as never)),
      'test files in neither list of test/engines.ts',
    ).toEqual([]);
    expect(
      listed.filter((f) => !files.includes(f)),
      'listed files that do not exist',
    ).toEqual([]);
    expect(
      listed.filter((f, i) => listed.indexOf(f) !== i),
      'files listed twice',
    ).toEqual([]);
  });
});
