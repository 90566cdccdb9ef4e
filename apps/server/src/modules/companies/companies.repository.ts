import { sql, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { Engine } from '../../db/database.js';
import { precompiled } from '../../db/precompiled.js';
import { anyColumnContains, isUniqueViolation } from '../../db/query-helpers.js';
import type { CompaniesTable, CompanyMembersTable } from '../../db/schema.js';
import type { DB } from '../../db/tables.js';

export type CompanyRow = Selectable<CompaniesTable>;
export type MemberRow = Selectable<CompanyMembersTable>;
export type CompanyChanges = Omit<Updateable<CompaniesTable>, 'id' | 'created_by' | 'created_at'> & { updated_at: string };
export type MemberChanges = Partial<Pick<MemberRow, 'role' | 'spending_limit_cents'>>;

/** A membership with its company's terms and prices (what orders, cart and products ask). */
export interface MembershipRow {
  company_id: string;
  company_name: string;
  role: string;
  spending_limit_cents: number | null;
  payment_terms: string | null;
  credit_limit_cents: number | null;
  discount_percent: number | null;
}

// Read by every cart line change and checkout for the buyer's prices: compiled once (ADR 0029).
const membershipStatement = precompiled((q, userId: string) =>
  q
    .selectFrom('company_members as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .select(['m.company_id', 'c.name as company_name', 'm.role', 'm.spending_limit_cents', 'c.payment_terms', 'c.credit_limit_cents', 'c.discount_percent'])
    .where('m.user_id', '=', userId),
);

/**
 * Locks the company's row inside `trx` on PostgreSQL, so that checks on its members, invitations
 * or addresses (the last company admin, one open invitation per email, the address cap) and the
 * write that follows them cannot interleave with another request's. SQLite runs one write
 * transaction at a time (one connection), which already serialises them.
 */
export async function lockCompany(trx: Transaction<DB>, engine: Engine, companyId: string): Promise<boolean> {
  let query = trx.selectFrom('companies').select('id').where('id', '=', companyId);
  if (engine === 'postgres') query = query.forUpdate();
  return (await query.executeTakeFirst()) !== undefined;
}

/** A member's role, read inside the caller's locked transaction. */
function memberRoleIn(trx: Transaction<DB>, companyId: string, userId: string): Promise<{ role: string } | undefined> {
  return trx.selectFrom('company_members').select('role').where('company_id', '=', companyId).where('user_id', '=', userId).executeTakeFirst();
}

async function adminCountIn(trx: Transaction<DB>, companyId: string): Promise<number> {
  const row = await trx
    .selectFrom('company_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The companies module's `companies` and `company_members` tables (db/table-owners.ts). A user
 * belongs to at most one company: `company_members.user_id` is the primary key, so a second
 * membership is a unique violation whatever races with it. "At least one company admin" is
 * checked and written in one transaction under the company's lock.
 */
export function createCompaniesRepository(db: Kysely<DB>, engine: Engine) {
  function filtered(q: string | undefined) {
    let query = db.selectFrom('companies');
    if (q) query = query.where(anyColumnContains(['name'], q));
    return query;
  }

  return {
    /** Inserts the company and its creator as its company admin; 'already-member' when the creator has a company. */
    async create(company: CompanyRow, admin: MemberRow): Promise<'created' | 'already-member'> {
      try {
        await db.transaction().execute(async (trx) => {
          await trx.insertInto('companies').values(company).execute();
          await trx.insertInto('company_members').values(admin).execute();
        });
        return 'created';
      } catch (error) {
        if (isUniqueViolation(error)) return 'already-member';
        throw error;
      }
    },

    /** Issue 33: which of `ids` are companies. */
    async existingIds(ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      return (
        await db
          .selectFrom('companies')
          .select('id')
          .where('id', 'in', [...ids])
          .execute()
      ).map((r) => r.id);
    },

    findById(id: string): Promise<CompanyRow | undefined> {
      return db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** By name, then id (index `companies_name`). */
    list(q: string | undefined, offset: number, limit: number): Promise<CompanyRow[]> {
      return filtered(q).selectAll().orderBy('name').orderBy('id').limit(limit).offset(offset).execute();
    },

    async count(q: string | undefined): Promise<number> {
      const row = await filtered(q)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Issue 30: the companies the tax rounds look at (a VAT number to recheck, a certificate to watch). */
    taxSweepRows(): Promise<Pick<CompanyRow, 'id' | 'name' | 'tax_id' | 'tax_exemption' | 'vat_check'>[]> {
      return db
        .selectFrom('companies')
        .select(['id', 'name', 'tax_id', 'tax_exemption', 'vat_check'])
        .where((eb) => eb.or([eb('tax_id', 'is not', null), eb('tax_exemption', 'is not', null)]))
        .execute();
    },

    async update(id: string, changes: CompanyChanges): Promise<void> {
      await db.updateTable('companies').set(changes).where('id', '=', id).execute();
    },

    /** How many members each of these companies has. */
    async memberCounts(companyIds: readonly string[]): Promise<Map<string, number>> {
      if (companyIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('company_members')
        .select(['company_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('company_id', 'in', companyIds)
        .groupBy('company_id')
        .execute();
      return new Map(rows.map((r) => [r.company_id, Number(r.n)]));
    },

    findMembership(userId: string): Promise<MemberRow | undefined> {
      return db.selectFrom('company_members').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /** The user's membership with the company's terms and prices, in one read. */
    async membershipOf(userId: string): Promise<MembershipRow | undefined> {
      return (await membershipStatement(db, userId)).rows[0];
    },

    /** Oldest first. */
    members(companyId: string): Promise<MemberRow[]> {
      return db.selectFrom('company_members').selectAll().where('company_id', '=', companyId).orderBy('created_at').orderBy('user_id').execute();
    },

    /** The ids of the company's members in these roles (index `company_members_company`). */
    async memberIdsIn(companyId: string, roles: readonly string[]): Promise<string[]> {
      const rows = await db.selectFrom('company_members').select('user_id').where('company_id', '=', companyId).where('role', 'in', roles).execute();
      return rows.map((r) => r.user_id);
    },

    findMember(companyId: string, userId: string): Promise<MemberRow | undefined> {
      return db.selectFrom('company_members').selectAll().where('company_id', '=', companyId).where('user_id', '=', userId).executeTakeFirst();
    },

    /**
     * Changes a member's role or limit, in one transaction under the company's lock; refuses to
     * take the role of the company's last admin away.
     */
    async updateMember(companyId: string, userId: string, changes: MemberChanges): Promise<'updated' | 'not-found' | 'last-admin'> {
      return db.transaction().execute(async (trx) => {
        if (!(await lockCompany(trx, engine, companyId))) return 'not-found';
        const member = await memberRoleIn(trx, companyId, userId);
        if (!member) return 'not-found';
        if (member.role === 'admin' && changes.role !== undefined && changes.role !== 'admin' && (await adminCountIn(trx, companyId)) <= 1) {
          return 'last-admin';
        }
        if (Object.keys(changes).length) {
          await trx.updateTable('company_members').set(changes).where('company_id', '=', companyId).where('user_id', '=', userId).execute();
        }
        return 'updated';
      });
    },

    /** Removes a member, in one transaction under the company's lock; never the company's last admin. */
    async removeMember(companyId: string, userId: string): Promise<'removed' | 'not-found' | 'last-admin'> {
      return db.transaction().execute(async (trx) => {
        if (!(await lockCompany(trx, engine, companyId))) return 'not-found';
        const member = await memberRoleIn(trx, companyId, userId);
        if (!member) return 'not-found';
        if (member.role === 'admin' && (await adminCountIn(trx, companyId)) <= 1) return 'last-admin';
        await trx.deleteFrom('company_members').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
        return 'removed';
      });
    },

    /** Drops the user's membership inside the caller's transaction (the account's removal). */
    async removeMemberIn(trx: Transaction<DB>, userId: string): Promise<void> {
      await trx.deleteFrom('company_members').where('user_id', '=', userId).execute();
    },

    /**
     * What the catalogue cache keys on: the user's company, whether it has a discount and
     * whether it has any fixed price, in one read.
     */
    priceListOf(userId: string): Promise<{ company_id: string; discount_percent: number | null; has_prices: number | string | boolean } | undefined> {
      return db
        .selectFrom('company_members as m')
        .innerJoin('companies as c', 'c.id', 'm.company_id')
        .select([
          'm.company_id',
          'c.discount_percent',
          sql<number>`case when exists (select 1 from company_prices p where p.company_id = m.company_id) then 1 else 0 end`.as('has_prices'),
        ])
        .where('m.user_id', '=', userId)
        .executeTakeFirst();
    },
  };
}

export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;
