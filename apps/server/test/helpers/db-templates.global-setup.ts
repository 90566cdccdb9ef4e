import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase, type Database } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { seedDemoData } from '../../src/db/seed/seed.js';
import { type DbTemplate, postgresUrlFor, runPrefix } from './db-templates.js';

/**
 * vitest globalSetup of the API projects: migrates one database of the project's engine per run,
 * and a second one with the demo catalogue seeded, and hands their names to the test files
 * (`inject('dbTemplate')`), which copy one instead of running every migration and the seed again
 * (test-app.ts). Built anew on each run, never cached, so a new or edited migration or seed is
 * always in them; a broken migration fails here, before any file runs.
 * migrations.test.ts still runs every `down` and `up` for real on its copy.
 *
 * PostgreSQL: each file's database is `create database … template <this>` (the template must have
 * no open connection, so ours is closed before the files start). The files do not drop theirs:
 * PostgreSQL 15 forces a checkpoint on every DROP DATABASE, seconds each under load, so teardown
 * drops everything this run made, by its name prefix, once the files are done.
 *
 * TEST_DB_TEMPLATE=off skips all of this: every file migrates a fresh, empty database as before.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const engine = project.config.env?.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
  if (process.env.TEST_DB_TEMPLATE === 'off') {
    project.provide('dbTemplate', null);
    return;
  }
  if (engine === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'bulkparts-template-'));
    const file = path.join(dir, 'template.db');
    const seededFile = path.join(dir, 'seeded.db');
    for (const [target, seed] of [
      [file, false],
      [seededFile, true],
    ] as const) {
      const database = createDatabase({ database: { engine: 'sqlite', file: target } });
      await migrateToLatest(database);
      if (seed) await seedDemoData(database);
      // One self-contained file to copy: everything out of the WAL, then no WAL at all (the app
      // turns WAL back on when it opens its copy).
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(database.db);
      await sql`pragma journal_mode = DELETE`.execute(database.db);
      await database.close();
    }
    project.provide('dbTemplate', { engine: 'sqlite', file, seededFile } satisfies DbTemplate);
    return async () => rmSync(dir, { recursive: true, force: true });
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for PostgreSQL tests');
  const prefix = runPrefix();
  const name = `${prefix}template`;
  const seededName = `${prefix}seeded`;
  await adminQuery(adminUrl, `create database ${name}`);
  await withDatabase(postgresUrlFor(adminUrl, name), migrateToLatest);
  await adminQuery(adminUrl, `create database ${seededName} template ${name}`);
  await withDatabase(postgresUrlFor(adminUrl, seededName), seedDemoData);
  project.provide('dbTemplate', { engine: 'postgres', name, seededName, prefix } satisfies DbTemplate);
  return async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const made = await admin.query<{ datname: string }>(`select datname from pg_database where left(datname, length($1)) = $1`, [prefix]);
      for (const { datname } of made.rows) await admin.query(`drop database if exists ${datname} with (force)`);
    } finally {
      await admin.end();
    }
  };
}

/** Opens the database, runs `work` on it and closes it (a template must have no open connection). */
async function withDatabase(url: string, work: (database: Database) => Promise<unknown>): Promise<void> {
  const database = createDatabase({ database: { engine: 'postgres', url } });
  try {
    await work(database);
  } finally {
    await database.close();
  }
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
