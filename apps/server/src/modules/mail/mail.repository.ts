import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';
import { newId, nowIso } from '../../lib/ids.js';
import type { MailMessage } from './mail.transport.js';

export function createMailRepository(db: Kysely<DB>) {
  return {
    async enqueue(message: MailMessage): Promise<string> {
      const id = newId();
      const now = nowIso();
      await db
        .insertInto('mail_outbox')
        .values({ id, to_address: message.to, subject: message.subject, text_body: message.text, html_body: message.html, attempts: 0, next_attempt_at: now, sent_at: null, last_error: null, created_at: now })
        .execute();
      return id;
    },
    due(limit: number) {
      return db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('sent_at', 'is', null)
        .where('next_attempt_at', '<=', nowIso())
        .orderBy('next_attempt_at')
        .limit(limit)
        .execute();
    },
    async markSent(id: string): Promise<boolean> {
      const res = await db.updateTable('mail_outbox').set({ sent_at: nowIso(), last_error: null }).where('id', '=', id).where('sent_at', 'is', null).executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },
    async markFailed(id: string, attempts: number, error: string, nextAttemptAt: string): Promise<void> {
      await db.updateTable('mail_outbox').set({ attempts, last_error: error.slice(0, 500), next_attempt_at: nextAttemptAt }).where('id', '=', id).execute();
    },
  };
}
