import type { Role } from '@bulkparts/shared';
import type { SessionUser } from '../../plugins/auth.js';
import { forbidden } from '../../lib/errors.js';
import type { UsersRepository } from './users.repository.js';

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function createUsersService(repo: UsersRepository) {
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
  };
}
