import { describe, expect, it, vi } from 'vitest';
import { createOutboxWorker, type OutboxChannel } from '../../src/lib/outbox-worker.js';
import { once } from '../../src/lib/once.js';

const silentLog = { warn() {} };

/** A channel that serves `due` rows in rounds of at most the limit it is given, and records each limit. */
function channel(name: string, due: number, extra: Partial<OutboxChannel> = {}) {
  const limits: number[] = [];
  let left = due;
  const c: OutboxChannel = {
    name,
    batch: 5,
    busyBatch: 2,
    async round(_now, limit) {
      limits.push(limit);
      const taken = Math.min(limit, left);
      left -= taken;
      return { taken };
    },
    ...extra,
  };
  return { channel: c, limits, left: () => left };
}

describe('the one outbox worker (issue 29)', () => {
  it('runs every channel once, then only those that took a full batch, until none has', async () => {
    const mail = channel('mail', 12);
    const hooks = channel('webhooks', 1);
    const worker = createOutboxWorker({ channels: [mail.channel, hooks.channel], log: silentLog, gatherMs: 0 });
    worker.deliverSoon();
    await worker.settle();
    expect(mail.limits).toEqual([5, 5, 5]);
    expect(hooks.limits).toEqual([5]);
    expect(mail.left() + hooks.left()).toBe(0);
    await worker.stop();
  });

  it('waits to gather after a wake only: the rounds after a full batch follow at once', async () => {
    vi.useFakeTimers();
    try {
      const mail = channel('mail', 12);
      const worker = createOutboxWorker({ channels: [mail.channel], log: silentLog, gatherMs: 300 });
      worker.deliverSoon();
      await vi.advanceTimersByTimeAsync(299);
      expect(mail.limits).toEqual([]);
      // One gathering wait, then every full batch's next round at once.
      await vi.advanceTimersByTimeAsync(1);
      expect(mail.limits).toEqual([5, 5, 5]);
      await worker.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes the small batch while the process is saturated', async () => {
    const mail = channel('mail', 3);
    const worker = createOutboxWorker({ channels: [mail.channel], log: silentLog, pressure: { saturated: () => true }, gatherMs: 0, busyPauseMs: 1 });
    worker.deliverSoon();
    await worker.settle();
    expect(mail.limits).toEqual([2, 2]);
    await worker.stop();
  });

  it('a failing channel is logged and the other still delivers; a call during a round brings one more round for all', async () => {
    const warned: unknown[] = [];
    let calls = 0;
    const broken = channel('broken', 0, {
      async round() {
        calls++;
        throw new Error('database gone');
      },
    });
    const mail = channel('mail', 1);
    const worker = createOutboxWorker({ channels: [broken.channel, mail.channel], log: { warn: (o: unknown) => warned.push(o) }, gatherMs: 0 });
    worker.deliverSoon();
    worker.deliverSoon();
    await worker.settle();
    expect(mail.left()).toBe(0);
    expect(calls).toBe(2);
    expect(warned).toHaveLength(2);
    await worker.stop();
  });

  it('comes back for rows a channel put off to a known time, and does nothing once stopped', async () => {
    let rounds = 0;
    const later = channel('mail', 0, {
      async round() {
        rounds++;
        return rounds === 1 ? { taken: 1, retryInMs: 20 } : { taken: 0 };
      },
    });
    const worker = createOutboxWorker({ channels: [later.channel], log: silentLog, gatherMs: 0 });
    worker.deliverSoon();
    await worker.settle();
    expect(rounds).toBe(1);
    await new Promise((r) => setTimeout(r, 150));
    await worker.settle();
    expect(rounds).toBe(2);
    await worker.stop();
    worker.deliverSoon();
    await worker.settle();
    expect(rounds).toBe(2);
  });

  it('once: a lazily read value is read once, however many subscribers ask', async () => {
    let reads = 0;
    const order = once(async () => ++reads);
    expect(await Promise.all([order(), order()])).toEqual([1, 1]);
    expect(reads).toBe(1);
  });
});
