import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/tables.js';

export function createHealthRepository(db: Kysely<DB>) {
  return {
    /** One round trip to the database: `select 1`. */
    async ping(): Promise<void> {
      await sql`select 1`.execute(db);
    },
  };
}
