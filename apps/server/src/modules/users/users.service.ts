import type { Role, User } from '@bulkparts/shared';
import type { SessionUser } from '../../plugins/auth.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import type { UsersRepository } from './users.repository.js';

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

export function createUsersService(repo: UsersRepository, opts: { adminEmails?: readonly string[] } = {}) {
  const fromConfig = (email: string) => (opts.adminEmails ?? []).includes(email.trim().toLowerCase());
  return {
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
      const [rows, total] = await Promise.all([repo.list(q, (page - 1) * limit, limit), repo.count(q)]);
      return { items: rows.map(toUserJson), total };
    },

    /** `PUT /api/user/admin/:email`: `{ modifiedCount }` as the spec's client reads it. */
    async promote(email: string): Promise<{ modifiedCount: number }> {
      const user = await repo.findByEmail(email.trim());
      if (!user) throw notFound('User');
      return { modifiedCount: await repo.promote(user.id) };
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
      return { modifiedCount: result };
    },

    async remove(actor: SessionUser, id: string): Promise<{ deletedCount: number }> {
      if (actor.id === id) throw new AppError('CONFLICT', 'You cannot remove yourself');
      const user = await repo.findById(id);
      if (!user) throw notFound('User');
      if ((await repo.deleteUnlessLastAdmin(id)) === 'last-admin') throw new AppError('CONFLICT', 'The last admin cannot be removed');
      return { deletedCount: 1 };
    },
  };
}
