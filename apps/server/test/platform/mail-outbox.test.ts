import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailRepository } from '../../src/modules/mail/mail.repository.js';
import { createMailService } from '../../src/modules/mail/mail.service.js';
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
    const service = createMailService({
      repo: createMailRepository(t.database.db, t.database.engine),
      transport: sink.transport,
      from: 'shop@example.com',
      log: silentLog,
      worker: { batchSize: 7, pauseMs: 1 },
    });
    await Promise.all(Array.from({ length: 40 }, (_, i) => service.send(message('burst@example.com', i))));
    await service.settle();
    await t.app.services.mailer.settle();
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
    await service.stop();
  });

  it('keeps a failed delivery with its error and delivers it when it is due again', async () => {
    let down = true;
    const sink = capture((m) => down && m.to === 'retry@example.com');
    const repo = createMailRepository(t.database.db, t.database.engine);
    const service = createMailService({ repo, transport: sink.transport, from: 'shop@example.com', log: silentLog });
    await service.send(message('retry@example.com'));
    await Promise.all([service.settle(), t.app.services.mailer.settle()]);
    const failed = await t.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', 'retry@example.com').executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ attempts: 1, sent_at: null, last_error: 'SMTP 451 try later' });
    expect(failed.next_attempt_at > new Date().toISOString()).toBe(true);
    down = false;
    await t.database.db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: new Date(0).toISOString() })
      .where('id', '=', failed.id)
      .execute();
    service.wake();
    await service.settle();
    expect(sink.got.map((m) => m.to)).toContain('retry@example.com');
    const sent = await t.database.db.selectFrom('mail_outbox').select(['sent_at', 'last_error']).where('id', '=', failed.id).executeTakeFirstOrThrow();
    expect(sent.sent_at).not.toBeNull();
    expect(sent.last_error).toBeNull();
    await service.stop();
  });

  it('two workers sharing the database (two instances) never deliver a message twice', async () => {
    const repo = createMailRepository(t.database.db, t.database.engine);
    for (let i = 0; i < 30; i++) await repo.enqueue(message('shared@example.com', i));
    const a = capture();
    const b = capture();
    const workers = [a, b].map((sink) =>
      createMailService({ repo, transport: sink.transport, from: 'shop@example.com', log: silentLog, worker: { batchSize: 4, pauseMs: 0, gatherMs: 0 } }),
    );
    for (const w of workers) w.wake();
    t.app.services.mailer.wake();
    await Promise.all([...workers, t.app.services.mailer].map((w) => w.settle()));
    const delivered = [...a.got, ...b.got, ...t.mail].filter((m) => m.to === 'shared@example.com').map((m) => m.subject);
    expect(delivered).toHaveLength(30);
    expect(new Set(delivered).size).toBe(30);
    await Promise.all(workers.map((w) => w.stop()));
  });
});
