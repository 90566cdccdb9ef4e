import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';

export function createUsersRepository(db: Kysely<DB>) {
  return {
    findByEmail(email: string) {
      return db.selectFrom('user').select(['id', 'email', 'name', 'role', 'emailVerified', 'createdAt']).where('email', '=', email.toLowerCase()).executeTakeFirst();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
