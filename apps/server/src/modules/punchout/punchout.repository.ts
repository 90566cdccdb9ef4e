import type { Kysely, Selectable, Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/query-helpers.js';
import type { PunchoutConfigsTable, PunchoutDocumentsTable, PunchoutSessionsTable } from '../../db/schema.js';
import type { DB } from '../../db/tables.js';

export type PunchoutConfigRow = Selectable<PunchoutConfigsTable>;
export type PunchoutSessionRow = Selectable<PunchoutSessionsTable>;
export type PunchoutDocumentRow = Selectable<PunchoutDocumentsTable>;
export type PunchoutDocumentSummary = Omit<PunchoutDocumentRow, 'body'> & { has_body: number | boolean | string };

/** Another company already uses this cXML From identity (`from`) or OCI user name (`oci`). */
export class PunchoutIdentityTakenError extends Error {
  constructor(readonly which: 'from' | 'oci') {
    super(`punchout ${which} identity taken`);
  }
}

export interface DocumentFilter {
  companyId?: string | undefined;
  direction?: string | undefined;
  failed?: boolean | undefined;
}

/** The punchout module's tables (db/table-owners.ts): setups, sessions, the document log, buyers' order ids. */
export function createPunchoutRepository(db: Kysely<DB>) {
  function documents(filter: DocumentFilter) {
    let q = db.selectFrom('punchout_documents');
    if (filter.companyId) q = q.where('company_id', '=', filter.companyId);
    if (filter.direction) q = q.where('direction', '=', filter.direction);
    if (filter.failed) q = q.where('status_code', '>=', 400);
    return q;
  }

  return {
    findConfig(companyId: string): Promise<PunchoutConfigRow | undefined> {
      return db.selectFrom('punchout_configs').selectAll().where('company_id', '=', companyId).executeTakeFirst();
    },
    findConfigByFromKey(keys: readonly string[]): Promise<PunchoutConfigRow[]> {
      if (!keys.length) return Promise.resolve([]);
      return db.selectFrom('punchout_configs').selectAll().where('from_key', 'in', keys).execute();
    },
    findConfigByOciUser(key: string): Promise<PunchoutConfigRow | undefined> {
      return db.selectFrom('punchout_configs').selectAll().where('oci_username_key', '=', key).executeTakeFirst();
    },

    /** Replaces the company's setup (one statement: insert, or update on its key); the identities' unique indexes decide races. */
    async saveConfig(row: PunchoutConfigRow): Promise<void> {
      // On an existing setup everything but the company and its creation time is replaced.
      const changes: Partial<PunchoutConfigRow> = { ...row };
      delete changes.company_id;
      delete changes.created_at;
      try {
        await db
          .insertInto('punchout_configs')
          .values(row)
          .onConflict((oc) => oc.column('company_id').doUpdateSet(changes))
          .execute();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const taken = row.from_key && (await db.selectFrom('punchout_configs').select('company_id').where('from_key', '=', row.from_key).executeTakeFirst());
        throw new PunchoutIdentityTakenError(taken && taken.company_id !== row.company_id ? 'from' : 'oci');
      }
    },

    async deleteConfig(companyId: string): Promise<boolean> {
      const result = await db.deleteFrom('punchout_configs').where('company_id', '=', companyId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async insertSession(row: PunchoutSessionRow): Promise<void> {
      await db.insertInto('punchout_sessions').values(row).execute();
    },

    /**
     * Uses a start link: only once (`started_at` still null) and only before its deadline, decided
     * by the update itself, so two browsers racing with one link get one session. The row, or undefined.
     */
    async startSession(tokenHash: string, now: string, endsAt: string): Promise<PunchoutSessionRow | undefined> {
      return db
        .updateTable('punchout_sessions')
        .set({ started_at: now, ends_at: endsAt })
        .where('token_hash', '=', tokenHash)
        .where('started_at', 'is', null)
        .where('expires_at', '>', now)
        .returningAll()
        .executeTakeFirst();
    },

    findSession(id: string): Promise<PunchoutSessionRow | undefined> {
      return db.selectFrom('punchout_sessions').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findSessionByTokenHash(tokenHash: string): Promise<PunchoutSessionRow | undefined> {
      return db.selectFrom('punchout_sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },

    /** In the return's unit: marks the cart returned, once (a second press of "Return cart" finds it returned). Whether this call did. */
    async markReturnedIn(trx: Transaction<DB>, id: string, now: string): Promise<boolean> {
      const result = await trx
        .updateTable('punchout_sessions')
        .set({ returned_at: now })
        .where('id', '=', id)
        .where('returned_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Sessions over: returned, past their end, or never started and past the link's deadline (by `before`). */
    async endedSessions(now: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('punchout_sessions')
        .select('id')
        .where((eb) => eb.or([eb('returned_at', 'is not', null), eb('ends_at', '<', now), eb.and([eb('started_at', 'is', null), eb('expires_at', '<', now)])]))
        .orderBy('expires_at')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },
    async deleteSessions(ids: readonly string[]): Promise<void> {
      if (ids.length) await db.deleteFrom('punchout_sessions').where('id', 'in', ids).execute();
    },

    async insertDocument(row: PunchoutDocumentRow, trx?: Transaction<DB>): Promise<void> {
      await (trx ?? db).insertInto('punchout_documents').values(row).execute();
    },
    listDocuments(filter: DocumentFilter, offset: number, limit: number): Promise<PunchoutDocumentSummary[]> {
      return documents(filter)
        .select(['id', 'direction', 'protocol', 'type', 'company_id', 'payload_id', 'status_code', 'message', 'order_id', 'created_at'])
        .select((eb) => eb.case().when('body', 'is not', null).then(1).else(0).end().as('has_body'))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },
    async countDocuments(filter: DocumentFilter): Promise<number> {
      const row = await documents(filter)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    findDocument(id: string): Promise<PunchoutDocumentRow | undefined> {
      return db.selectFrom('punchout_documents').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** Empties the text of documents older than `before` (their rows stay in the log). How many. */
    async purgeBodies(before: string): Promise<number> {
      const result = await db
        .updateTable('punchout_documents')
        .set({ body: null })
        .where('created_at', '<', before)
        .where('body', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * In the order's unit, first: the buyer's order id for the company. A second `OrderRequest`
     * with the same id fails here on the primary key (rolling its unit back), concurrent ones too.
     */
    async claimOrderIn(
      trx: Transaction<DB>,
      row: { company_id: string; buyer_order_id: string; order_id: string; payload_id: string | null; created_at: string },
    ) {
      await trx.insertInto('punchout_orders').values(row).execute();
    },
    async findOrder(companyId: string, buyerOrderId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('punchout_orders')
        .select('order_id')
        .where('company_id', '=', companyId)
        .where('buyer_order_id', '=', buyerOrderId)
        .executeTakeFirst();
      return row?.order_id;
    },
  };
}

export type PunchoutRepository = ReturnType<typeof createPunchoutRepository>;
