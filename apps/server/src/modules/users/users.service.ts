import type { Role, User } from '@bulkparts/shared';
import type { SessionUser } from '../../lib/session-user.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { pageOffset } from '../../db/query-helpers.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { UsersRepository } from './users.repository.js';

/**
 * Removing an account (the remove-account flow, flows/remove-account.ts, built in services.ts):
 * declared here, where the route that calls it lives, so the users module never imports a flow.
 */
export type RemoveAccount = (actor: SessionUser, id: string) => Promise<{ deletedCount: number }>;

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

type UserRow = NonNullable<Awaited<ReturnType<UsersRepository['findById']>>>;

function toUserJson(row: UserRow): User {
  const created = row.createdAt as unknown;
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    role: row.role === 'admin' ? 'admin' : 'customer',
    emailVerified: Boolean(row.emailVerified),
    createdAt: created instanceof Date ? created.toISOString() : new Date(String(created)).toISOString(),
  };
}

export interface UsersDeps {
  adminEmails: readonly string[];
  /**
   * The auth module's session cache, cleared after every write that changes what a session shows
   * (ADR 0012). Only its `clear` is declared here: auth sits above users (its sign-in reads them),
   * so users does not import auth.
   */
  sessions: { clear(): void };
}

export function createUsersService(repo: UsersRepository, opts: UsersDeps) {
  const fromConfig = (email: string) => opts.adminEmails.includes(email.trim().toLowerCase());
  const sessionsChanged = () => opts.sessions.clear();
  return {
    identity: (id: string) => repo.findIdentity(id),
    /** Names and emails of these accounts (a company's members); unknown ids are left out. */
    usersByIds: (ids: readonly string[]) => repo.findIdentities([...new Set(ids)]),
    /** The account with this email, if any (an invitation to someone already in the company). */
    identityByEmail: async (email: string) => {
      const row = await repo.findByEmail(email.trim());
      return row ? { id: row.id, email: row.email, name: row.name } : undefined;
    },
    listIdentities: (page: number, limit: number) => repo.listIdentities(pageOffset(page, limit), limit),
    /**
     * Issue 32: the account as a session would show it (punchout signs its member in and orders as
     * it), or undefined when it is gone.
     */
    async sessionUserOf(id: string): Promise<SessionUser | undefined> {
      const [row, identity] = await Promise.all([repo.findById(id), repo.findIdentity(id)]);
      if (!row) return undefined;
      return {
        id: row.id,
        email: row.email,
        name: row.name,
        image: identity?.image ?? null,
        emailVerified: Boolean(row.emailVerified),
        role: row.role === 'admin' ? 'admin' : 'customer',
      };
    },
    countAll: () => repo.count(undefined),
    imageInUse: (url: string) => repo.imageInUse(url),
    /** Who hears about admin work (a new request for quote): every admin, and ADMIN_EMAILS even before its owner has signed up. */
    async adminEmails(): Promise<string[]> {
      const all = [...(await repo.adminEmails(50)), ...opts.adminEmails].map((e) => e.trim().toLowerCase());
      return [...new Set(all)];
    },

    async setImage(id: string, image: string, now: string): Promise<void> {
      await repo.setImage(id, image, now);
      sessionsChanged();
    },

    /**
     * An ADMIN_EMAILS address is an admin only while it is verified (anyone may sign up with it
     * first); an unverified one, e.g. promoted by an older version at sign-up, is a customer again.
     */
    async syncAdminEmailRole(userId: string): Promise<void> {
      const row = await repo.findRoleState(userId);
      if (!row || !fromConfig(row.email)) return;
      const role = row.emailVerified ? 'admin' : 'customer';
      if (row.role === role) return;
      await repo.setRole(userId, role);
      sessionsChanged();
    },

    /**
     * `PUT /api/user/:email`: the old app's "record the signed-in user" call. Accounts are created
     * by sign-up now, so this only confirms who the caller is and answers their role.
     */
    recordSignedInUser(actor: SessionUser, email: string): { role: Role } {
      if (!sameEmail(actor.email, email)) throw forbidden('You can only record your own account');
      return { role: actor.role };
    },

    /** `GET /api/admin/:email`: to that user and to admins. */
    async isAdmin(actor: SessionUser, email: string): Promise<{ admin: boolean }> {
      if (sameEmail(actor.email, email)) return { admin: actor.role === 'admin' };
      if (actor.role !== 'admin') throw forbidden('You can only ask about your own account');
      const user = await repo.findByEmail(email);
      return { admin: user?.role === 'admin' };
    },

    async list(q: string | undefined, page: number, limit: number): Promise<{ items: User[]; total: number }> {
      const [rows, total] = await Promise.all([repo.list(q, pageOffset(page, limit), limit), repo.count(q)]);
      return { items: rows.map(toUserJson), total };
    },

    /** `PUT /api/user/admin/:email`: `{ modifiedCount }` as the spec's client reads it. */
    async promote(email: string): Promise<{ modifiedCount: number }> {
      const user = await repo.findByEmail(email.trim());
      if (!user) throw notFound('User');
      const modifiedCount = await repo.promote(user.id);
      sessionsChanged();
      return { modifiedCount };
    },

    /**
     * `DELETE /api/user/admin/:email`: takes admin rights back. Never one's own (an admin cannot
     * lock themself out by mistake) and never the last admin's; `{ modifiedCount }` like promote.
     */
    async demote(actor: SessionUser, email: string): Promise<{ modifiedCount: number }> {
      if (sameEmail(actor.email, email)) throw new AppError('CONFLICT', 'You cannot remove your own admin rights');
      const user = await repo.findByEmail(email.trim());
      if (!user) throw notFound('User');
      // Signing in makes ADMIN_EMAILS admins again (modules/auth/auth.ts): say so instead of an undo that does not last.
      if (user.role === 'admin' && fromConfig(user.email))
        throw new AppError('CONFLICT', 'This admin is listed in ADMIN_EMAILS; remove the address there first');
      const result = await repo.demoteUnlessLastAdmin(user.id);
      if (result === 'last-admin') throw new AppError('CONFLICT', 'The last admin cannot lose admin rights');
      // The demoted admin is refused from their next request on this instance, within 1 s on others.
      sessionsChanged();
      return { modifiedCount: result };
    },

    /** The users module's part of removing an account (flows/remove-account.ts): who may be removed, before the unit. */
    async checkRemovable(actor: SessionUser, id: string): Promise<void> {
      if (actor.id === id) throw new AppError('CONFLICT', 'You cannot remove yourself');
      if (!(await repo.findById(id))) throw notFound('User');
    },
    /** In the removal's unit: 409 for the last admin (checked under the admins' lock), rolling the unit back. */
    async refuseLastAdminIn(uow: UnitOfWork, id: string): Promise<void> {
      if (await repo.isLastAdminIn(uow.trx, id)) throw new AppError('CONFLICT', 'The last admin cannot be removed');
    },
    /** In the removal's unit: the account, its sessions and sign-in methods; cached sessions are dropped after the commit. */
    async deleteIn(uow: UnitOfWork, id: string): Promise<void> {
      await repo.deleteIn(uow.trx, id);
      uow.afterCommit(sessionsChanged, 'sessions-changed');
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
