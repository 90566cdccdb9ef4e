import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroupCommit } from '../../src/db/group-commit.js';
import { createMailRepository } from '../../src/modules/mail/mail.repository.js';
import { createMailDelivery } from '../../src/modules/mail/mail-delivery.js';
import { createMailService } from '../../src/modules/mail/mail.service.js';
import { createOutboxWorker } from '../../src/lib/outbox-worker.js';
import type { MailMessage, MailTransport } from '../../src/modules/mail/mail.transport.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  // The app's own worker shares the outbox: without its per-recipient throttle it delivers what it
  // claims of a burst at once instead of postponing it past the test's end.
  t = await createTestApp({ seed: false, env: { MAIL_PER_RECIPIENT_PER_MINUTE: '0' } });
});
afterAll(async () => t.close());

const message = (to: string, n = 0): MailMessage => ({ to, subject: `Message ${n}`, text: 'text', html: '<p>html</p>' });
const silentLog = { warn() {}, error() {}, info() {} } as never;

/** A second instance's outbox worker with only the mail channel, and the mail service that feeds it. */
function instance(transport: MailTransport, batch?: number) {
  const repo = createMailRepository(t.database.db, t.database.engine, createGroupCommit(t.database.db, t.database.engine));
  const worker = createOutboxWorker({
    channels: [createMailDelivery({ repo, transport, from: 'shop@example.com', log: silentLog, ...(batch ? { batch } : {}) })],
    log: silentLog,
    gatherMs: 0,
  });
  return { repo, worker, mail: createMailService({ repo, log: silentLog, outbox: worker }) };
}

function capture(fail = (_m: MailMessage) => false) {
  const got: MailMessage[] = [];
  const transport: MailTransport = {
    async deliver(m) {
      if (fail(m)) throw new Error('SMTP 451 try later');
      got.push(m);
    },
    close() {},
  };
  return { got, transport };
}

describe('mail outbox', () => {
  it('delivers a burst in rounds, off the request path, each message once', async () => {
    const sink = capture();
    const { worker, mail } = instance(sink.transport, 7);
    await Promise.all(Array.from({ length: 40 }, (_, i) => mail.send(message('burst@example.com', i))));
    await worker.settle();
    await t.app.services.outbox.settle();
    // The app's own worker shares the outbox and may take some: together, each message once.
    const delivered = [...sink.got, ...t.mail].filter((m) => m.to === 'burst@example.com').map((m) => m.subject);
    expect(delivered).toHaveLength(40);
    expect(new Set(delivered).size).toBe(40);
    const left = await t.database.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', 'burst@example.com')
      .where('sent_at', 'is', null)
      .execute();
    expect(left).toEqual([]);
    await worker.stop();
  });

  it('keeps a failed delivery with its error and delivers it when it is due again', async () => {
    let down = true;
    const sink = capture((m) => down && m.to === 'retry@example.com');
    const { worker, mail } = instance(sink.transport);
    await mail.send(message('retry@example.com'));
    await Promise.all([worker.settle(), t.app.services.outbox.settle()]);
    const failed = await t.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', 'retry@example.com').executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ attempts: 1, sent_at: null, last_error: 'SMTP 451 try later' });
    expect(failed.next_attempt_at > new Date().toISOString()).toBe(true);
    down = false;
    await t.database.db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: new Date(0).toISOString() })
      .where('id', '=', failed.id)
      .execute();
    worker.deliverSoon();
    await worker.settle();
    expect(sink.got.map((m) => m.to)).toContain('retry@example.com');
    const sent = await t.database.db.selectFrom('mail_outbox').select(['sent_at', 'last_error']).where('id', '=', failed.id).executeTakeFirstOrThrow();
    expect(sent.sent_at).not.toBeNull();
    expect(sent.last_error).toBeNull();
    await worker.stop();
  });

  it('two workers sharing the database (two instances) never deliver a message twice', async () => {
    const repo = createMailRepository(t.database.db, t.database.engine, createGroupCommit(t.database.db, t.database.engine));
    for (let i = 0; i < 30; i++) await repo.enqueue(message('shared@example.com', i));
    const a = capture();
    const b = capture();
    const workers = [a, b].map((sink) => instance(sink.transport, 4).worker);
    for (const w of workers) w.deliverSoon();
    t.app.services.outbox.deliverSoon();
    await Promise.all([...workers, t.app.services.outbox].map((w) => w.settle()));
    const delivered = [...a.got, ...b.got, ...t.mail].filter((m) => m.to === 'shared@example.com').map((m) => m.subject);
    expect(delivered).toHaveLength(30);
    expect(new Set(delivered).size).toBe(30);
    await Promise.all(workers.map((w) => w.stop()));
  });
});
