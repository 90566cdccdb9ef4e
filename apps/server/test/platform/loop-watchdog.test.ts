import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The event-loop watchdog (src/lib/loop-watchdog.ts) ends a process that cannot end itself: a
 * blocked loop never runs the SIGTERM handler or the shutdown timer. Real processes, short limits.
 */
const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'loop-watchdog.fixture.ts');

async function run(mode: 'block' | 'hang' | 'idle', sigterm: boolean) {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, mode], {
    cwd: path.resolve(path.dirname(fixture), '../..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d) => String(d).includes('ready') && resolve());
      void exited.then(() => reject(new Error(`fixture exited before it was ready: ${stderr}`)));
    });
    const signalled = performance.now();
    if (sigterm) child.kill('SIGTERM');
    const result = await exited;
    return { ...result, afterMs: performance.now() - signalled, stderr };
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

describe('event-loop watchdog', () => {
  it('a process whose loop is blocked still goes away after SIGTERM (killed when the stall limit is reached)', { timeout: 30_000 }, async () => {
    const result = await run('block', true);
    expect(result.signal).toBe('SIGKILL');
    expect(result.afterMs).toBeLessThan(5_000);
    expect(result.stderr).toContain('event loop blocked for more than 1000 ms');
  });

  it('a shutdown that never finishes is ended by the shutdown deadline', { timeout: 30_000 }, async () => {
    const result = await run('hang', true);
    expect(result.signal).toBe('SIGKILL');
    expect(result.afterMs).toBeGreaterThanOrEqual(900);
    expect(result.afterMs).toBeLessThan(5_000);
    expect(result.stderr).toContain('shutdown did not finish within 1000 ms');
  });

  it('does not keep an idle process alive', { timeout: 30_000 }, async () => {
    const result = await run('idle', false);
    expect(result).toMatchObject({ code: 0, signal: null });
  });
});
