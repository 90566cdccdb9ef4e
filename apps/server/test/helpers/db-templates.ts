import { copyFileSync, existsSync } from 'node:fs';

/**
 * The migrated databases a run's test files copy (db-templates.global-setup.ts builds them): one
 * empty, one with the demo catalogue seeded (what `createTestApp` gives unless `seed: false`).
 */
export type DbTemplate = { engine: 'sqlite'; file: string; seededFile: string } | { engine: 'postgres'; name: string; seededName: string; prefix: string };

declare module 'vitest' {
  export interface ProvidedContext {
    /** null when TEST_DB_TEMPLATE=off: files migrate their own database. */
    dbTemplate: DbTemplate | null;
  }
}

/**
 * A name prefix unique to one vitest run (several runs may share one PostgreSQL server), so the
 * run's teardown finds every database the run made. PostgreSQL names are at most 63 bytes.
 */
export function runPrefix(): string {
  return `bp_r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}_`;
}

export function postgresUrlFor(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Copies the SQLite template (seeded or not) to `file` (owner-only mode comes with it); an existing file is kept. */
export function copySqliteTemplate(template: Extract<DbTemplate, { engine: 'sqlite' }>, file: string, seeded: boolean): void {
  if (!existsSync(file)) copyFileSync(seeded ? template.seededFile : template.file, file);
}
