import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../src/app.js';
import { loadConfig, type AppConfig } from '../../src/config/env.js';
import { createDatabase, type Database, type Engine } from '../../src/db/database.js';
import type { MailMessage, MailTransport } from '../../src/modules/mail/mail.transport.js';
import { copySqliteTemplate, postgresUrlFor, type DbTemplate } from './db-templates.js';
import { fastPasswordHasher } from './fast-password-hasher.js';
import { createResponseCheck } from './response-check.js';

/** Which engine this run tests: the vitest project sets TEST_ENGINE. */
export const engine: Engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

export const ADMIN_EMAIL = 'admin@bulkparts.test';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  database: Database;
  mail: MailMessage[];
  close(): Promise<void>;
}

/** The migrated database this run's files copy (db-templates.global-setup.ts), if there is one. */
function runTemplate(): DbTemplate | null {
  return inject('dbTemplate') ?? null;
}

/**
 * A fresh PostgreSQL database for one test file (or one multi-instance test): empty, or with
 * `migrated: true` a copy of the run's migrated template (when there is one; with `seeded: true`
 * the one with the demo catalogue). Databases named with
 * the run's prefix are dropped by the global teardown (PostgreSQL 15 checkpoints on each DROP
 * DATABASE, so dropping per file cost seconds); `drop()` then only does so without a template.
 */
export async function createFreshPostgresDatabase(options: { migrated?: boolean; seeded?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for PostgreSQL tests');
  const template = runTemplate();
  const run = template?.engine === 'postgres' ? template : undefined;
  const name = `${run?.prefix ?? 'bp_test_'}${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const source = options.migrated && run ? (options.seeded ? run.seededName : run.name) : undefined;
    await admin.query(source ? `create database ${name} template ${source}` : `create database ${name}`);
    // COMMIT stops waiting for the WAL to reach the disk; locks, isolation and visibility are the
    // same, and no test crashes the PostgreSQL server itself (ADR 0024).
    await admin.query(`alter database ${name} set synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  return {
    url: postgresUrlFor(adminUrl, name),
    async drop() {
      if (run) return;
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * Builds the app on a fresh database of the engine under test, with mail captured in memory. Every
 * answer it gives is checked against its OpenAPI document (response-check.ts); `close()` throws
 * the mismatches.
 */
export async function createTestApp(
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    onRoute?: BuildAppOptions['onRoute'];
    rateLimits?: BuildAppOptions['rateLimits'];
    /** The app's logger options (default: none); tests that read the log bring a stream. */
    logger?: BuildAppOptions['logger'];
    /** better-auth's own scrypt instead of the tests' cheap one (ADR 0024). */
    productionPasswordHashing?: boolean;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bulkparts-test-'));
  // A copy of the run's migrated template (buildApp then finds every migration applied), unless
  // the caller brings its own database (multi-instance tests share one).
  const template = runTemplate();
  const ownDatabase = !options.env?.DATABASE_URL;
  const seed = options.seed ?? true;
  const fresh = engine === 'postgres' && ownDatabase ? await createFreshPostgresDatabase({ migrated: true, seeded: seed }) : undefined;
  // A copy of a template already holds the catalogue it asked for: the app then seeds nothing.
  const copied = Boolean(template && ownDatabase);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_EMAILS: ADMIN_EMAIL,
    SERVE_WEB: 'false',
    BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    // Catalogue reads on the main connection: a reader thread loads the server's code through tsx
    // (a second or so of CPU each) in every test app. The same repository code runs either way;
    // the threads are tested by products/catalogue-reader-pool.test.ts and, over HTTP, by the
    // files that set '1' (search, facets, caches) (ADR 0023, ADR 0024).
    CATALOGUE_READER_THREADS: '0',
    ...(fresh ? { DATABASE_URL: fresh.url } : {}),
    ...options.env,
  });
  if (template?.engine === 'sqlite' && ownDatabase && config.database.engine === 'sqlite') copySqliteTemplate(template, config.database.file, seed);
  const database = createDatabase(config);
  const mail: MailMessage[] = [];
  const mailTransport: MailTransport = {
    async deliver(message) {
      mail.push(message);
    },
    close() {},
  };
  const responses = createResponseCheck();
  const app = await buildApp({
    config,
    database,
    seed: seed && !copied,
    mailTransport,
    logger: options.logger ?? false,
    onRoute: (route) => {
      options.onRoute?.(route);
      responses.onRoute(route);
    },
    rateLimits: options.rateLimits,
    ...(options.productionPasswordHashing ? {} : { passwordHasher: fastPasswordHasher }),
  });
  await app.ready();
  await responses.attach(app, config.google ? 'google' : '');
  return {
    app,
    config,
    database,
    mail,
    async close() {
      await app.close();
      await database.close();
      await fresh?.drop();
      rmSync(dataDir, { recursive: true, force: true });
      responses.finish();
    },
  };
}

/**
 * The apps a concurrency test spreads its requests over: on PostgreSQL two instances sharing one
 * fresh database (as production runs several), on SQLite the one app (one process owns the file).
 */
export async function createConcurrentApps(): Promise<{ apps: TestApp[]; close(): Promise<void> }> {
  if (engine !== 'postgres') {
    const app = await createTestApp();
    return { apps: [app], close: () => app.close() };
  }
  const shared = await createFreshPostgresDatabase();
  const apps = [await createTestApp({ env: { DATABASE_URL: shared.url } }), await createTestApp({ env: { DATABASE_URL: shared.url }, seed: false })];
  return {
    apps,
    async close() {
      for (const a of apps) await a.close();
      await shared.drop();
    },
  };
}
