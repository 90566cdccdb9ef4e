import { describe, expect, it } from 'vitest';
import { crashTest } from '../../../../scripts/crash-test.mjs';
import { engine } from '../helpers/test-app.js';

/**
 * A short run of scripts/crash-test.mjs on the engine under test: orders under load, SIGKILL,
 * restart, then no acknowledged order lost, stock consistent, integrity check passing.
 */
describe(`crash safety (${engine})`, () => {
  it('loses no acknowledged order and keeps stock consistent across a SIGKILL', { timeout: 120_000 }, async (ctx) => {
    const result = await crashTest({ engine, concurrency: 8, killAfterMs: 1200 });
    if (result.skipped) return ctx.skip(result.skipped);
    console.log(`crash safety (${engine}): ${result.acknowledged} acknowledged, ${result.stored} stored, ${result.integrity}`);
    expect(result.violations).toEqual([]);
    expect(result.acknowledged).toBeGreaterThan(0);
  });
});
