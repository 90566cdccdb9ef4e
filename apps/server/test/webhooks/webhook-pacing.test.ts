import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroupCommit } from '../../src/db/group-commit.js';
import { createLoopPressure } from '../../src/lib/loop-pressure.js';
import { createOutboxWorker } from '../../src/lib/outbox-worker.js';
import { createWebhookDelivery } from '../../src/modules/webhooks/webhook-delivery.js';
import type { SendResult, SendWebhook } from '../../src/modules/webhooks/webhook-sender.js';
import { createWebhooksRepository } from '../../src/modules/webhooks/webhooks.repository.js';
import { createWebhooksService } from '../../src/modules/webhooks/webhooks.service.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { waitFor } from './receiver.js';
import { bareUnit } from '../helpers/bare-unit.js';

/** The worker gives way to requests while the process is saturated (ADR 0022). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  // The app's own outbox worker (its 5 s timer) would take some of the rows these tests count.
  await t.app.services.outbox.stop();
});
afterAll(async () => t?.close());

const silentLog = { info() {}, warn() {}, error() {} } as never;

/** A sender whose attempts wait until `release()`: how many a round sends side by side is then countable. */
function heldSender() {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const state = { inFlight: 0, release: () => open() };
  const send: SendWebhook = async () => {
    state.inFlight++;
    await gate;
    return { ok: true, statusCode: 204, durationMs: 1, error: null } satisfies SendResult;
  };
  return { state, send };
}

async function serviceWith(saturated: boolean) {
  const { db, engine: dbEngine } = t.database;
  const repo = createWebhooksRepository(db, dbEngine, createGroupCommit(db, dbEngine));
  const sender = heldSender();
  const delivery = createWebhookDelivery({ repo, send: sender.send, log: silentLog });
  const worker = createOutboxWorker({ channels: [delivery], log: silentLog, pressure: { saturated: () => saturated } });
  const service = createWebhooksService({ repo, delivery, outbox: worker, allowPrivate: true });
  return { service, worker, sender };
}

describe(`webhook worker pacing (${engine})`, () => {
  it('sends a round of 50 side by side normally, and only 10 while the process is saturated', async () => {
    await t.database.db.updateTable('webhook_endpoints').set({ active: 0 }).execute();
    await t.database.db
      .insertInto('webhook_endpoints')
      .values({
        id: `pace${engine}`,
        url: 'http://127.0.0.1:9/x',
        events: '["order.placed"]',
        secret: 'whsec_AAAA',
        active: 1,
        created_by: 'test',
        created_at: new Date().toISOString(),
      })
      .execute();
    for (const [saturated, expected] of [
      [true, 10],
      [false, 50],
    ] as const) {
      const { service, worker, sender } = await serviceWith(saturated);
      for (let i = 0; i < 60; i++) await t.database.db.transaction().execute((trx) => service.enqueueIn(bareUnit(trx), 'order.placed', { i }));
      worker.deliverSoon();
      await waitFor(async () => sender.state.inFlight === expected).catch(() => {
        throw new Error(`in flight ${sender.state.inFlight}, expected ${expected}`);
      });
      // The round waits for every attempt it started: nothing more goes out meanwhile.
      await new Promise((r) => setTimeout(r, 300));
      expect(sender.state.inFlight).toBe(expected);
      sender.state.release();
      await worker.stop();
      // The rest is left pending for the next worker; clear the table for the next case.
      await t.database.db.deleteFrom('webhook_deliveries').execute();
    }
  });

  it('is saturated while the mean lag since the last look passes the limit, and keeps its verdict when no sample came', () => {
    const samples = { count: 0, mean: Number.NaN, reset() {}, enable: () => true, disable: () => true };
    const pressure = createLoopPressure({ saturatedLagMs: 20, histogram: samples });
    const after = (count: number, meanMs: number) => {
      Object.assign(samples, { count, mean: meanMs * 1e6 });
      return pressure.saturated();
    };
    expect(after(0, Number.NaN)).toBe(false);
    expect(after(12, 3)).toBe(false);
    expect(after(4, 45)).toBe(true);
    expect(after(0, Number.NaN)).toBe(true);
    expect(after(9, 19)).toBe(false);
  });

  it('reads an event loop blocked by a long task as saturated', async () => {
    // Only this direction on the real loop: a free loop on a loaded machine may still lag.
    const pressure = createLoopPressure({ saturatedLagMs: 20, resolutionMs: 10 });
    try {
      pressure.saturated();
      for (let i = 0; i < 5; i++) {
        const until = Date.now() + 60;
        while (Date.now() < until); // a request hogging the thread
        await new Promise((r) => setTimeout(r, 1));
      }
      expect(pressure.saturated()).toBe(true);
    } finally {
      pressure.stop();
    }
  });
});
