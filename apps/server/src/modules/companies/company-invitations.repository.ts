import type { Kysely, Selectable } from 'kysely';
import type { Engine } from '../../db/database.js';
import { isUniqueViolation } from '../../db/query-helpers.js';
import type { CompanyInvitationsTable } from '../../db/schema.js';
import type { DB } from '../../db/tables.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { lockCompany, type MemberRow } from './companies.repository.js';

export type InvitationRow = Selectable<CompanyInvitationsTable>;

/** An invitation with its company's name (the invitation page). */
export type InvitationWithCompany = InvitationRow & { company_name: string };

/**
 * The companies module's `company_invitations` (db/table-owners.ts). Only the sha-256 of a token
 * is stored; accepting is one conditional update (`accepted_at is null`, not revoked, not
 * expired) and the member's insert in one transaction, so a token works once.
 */
export function createInvitationsRepository(db: Kysely<DB>, engine: Engine) {
  return {
    /**
     * Inserts the invitation in the caller's unit under the company's lock; 'already-invited' when
     * the email has an open invitation to this company.
     */
    async createIn(uow: UnitOfWork, row: InvitationRow): Promise<'created' | 'already-invited' | 'not-found'> {
      const { trx } = uow;
      if (!(await lockCompany(trx, engine, row.company_id))) return 'not-found';
      const open = await trx
        .selectFrom('company_invitations')
        .select('id')
        .where('company_id', '=', row.company_id)
        .where('email', '=', row.email)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', row.created_at)
        .executeTakeFirst();
      if (open) return 'already-invited';
      await trx.insertInto('company_invitations').values(row).execute();
      return 'created';
    },

    /** Newest first (index `company_invitations_company`). */
    list(companyId: string): Promise<InvitationRow[]> {
      return db.selectFrom('company_invitations').selectAll().where('company_id', '=', companyId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    },

    find(companyId: string, id: string): Promise<InvitationRow | undefined> {
      return db.selectFrom('company_invitations').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
    },

    findByTokenHash(tokenHash: string): Promise<InvitationWithCompany | undefined> {
      return db
        .selectFrom('company_invitations as i')
        .innerJoin('companies as c', 'c.id', 'i.company_id')
        .selectAll('i')
        .select('c.name as company_name')
        .where('i.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /** Revokes an invitation that is neither accepted nor revoked; answers whether it did. */
    async revoke(companyId: string, id: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('company_invitations')
        .set({ revoked_at: now })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Marks the invitation accepted (only while open at `now`) and inserts the membership, in one
     * transaction: 'gone' when it was used, revoked or expired meanwhile; 'already-member' when the
     * user joined a company meanwhile (the membership's primary key).
     */
    async accept(id: string, member: MemberRow, now: string): Promise<'accepted' | 'gone' | 'already-member'> {
      class Gone extends Error {}
      try {
        await db.transaction().execute(async (trx) => {
          const result = await trx
            .updateTable('company_invitations')
            .set({ accepted_at: now, accepted_by: member.user_id })
            .where('id', '=', id)
            .where('accepted_at', 'is', null)
            .where('revoked_at', 'is', null)
            .where('expires_at', '>', now)
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) !== 1) throw new Gone();
          await trx.insertInto('company_members').values(member).execute();
        });
        return 'accepted';
      } catch (error) {
        if (error instanceof Gone) return 'gone';
        if (isUniqueViolation(error)) return 'already-member';
        throw error;
      }
    },
  };
}

export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;
