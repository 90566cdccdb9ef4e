import { Migrator, type MigrationProvider } from 'kysely';
import type { Database } from './database.js';
import { migrations } from './migrations/index.js';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Runs pending migrations. Several instances may start at once on one PostgreSQL; Kysely's
 * migrator takes a lock table so only one applies them while the others wait.
 */
export async function migrateToLatest(database: Database): Promise<void> {
  const migrator = new Migrator({ db: database.db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error instanceof Error ? error.message : error)}`);
  }
}
