import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';

/**
 * Everything under DATA_DIR is the shop's alone: the database, the auth secret, queued mail with
 * live reset links, buyers' uploads. Directories are 0700 and files 0600 whatever the process
 * umask (a mode given at creation is only ever narrowed by the umask; an explicit chmod also
 * fixes what an older version created 0755/0644).
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

export function ensurePrivateDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(dir, PRIVATE_DIR_MODE);
}

export async function writePrivateFile(file: string, bytes: Buffer | string): Promise<void> {
  await writeFile(file, bytes, { mode: PRIVATE_FILE_MODE });
  await chmod(file, PRIVATE_FILE_MODE);
}

/**
 * Creates `file` empty if missing and makes it (and SQLite's `-wal` / `-shm` companions, when they
 * exist) 0600. SQLite creates its companions with the database file's permissions.
 */
export function makePrivateSqliteFileSync(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) if (existsSync(f)) chmodSync(f, PRIVATE_FILE_MODE);
}
