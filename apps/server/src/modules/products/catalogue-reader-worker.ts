import { parentPort, workerData } from 'node:worker_threads';
import { openSqliteReader } from '../../db/database.js';
import { createCatalogueSearchRepository, type CatalogueReads } from './catalogue-search.repository.js';

/**
 * Worker-thread entry of the catalogue reader pool (catalogue-reader-pool.ts): one read-only
 * SQLite connection, one read at a time, the same SQL as on the main thread
 * (catalogue-search.repository.ts). Built to dist/catalogue-reader-worker.js (build.mjs).
 */
export type ReadMethod = keyof CatalogueReads;
export type ReaderRequest = { id: number; method: ReadMethod; args: unknown[] };
export type ReaderResponse = { id: number; ok: true; result: unknown } | { id: number; ok: false; message: string };

const port = parentPort;
if (!port) throw new Error('catalogue-reader-worker.ts runs only as a worker thread');
const { file } = workerData as { file: string };

const reads = createCatalogueSearchRepository(openSqliteReader(file), 'sqlite').reads();
// The pool's time budgets start once a worker can read (catalogue-reader-pool.ts).
port.postMessage({ ready: true });

port.on('message', async ({ id, method, args }: ReaderRequest) => {
  let response: ReaderResponse;
  try {
    const result = await (reads[method] as (...a: unknown[]) => Promise<unknown>)(...args);
    response = { id, ok: true, result };
  } catch (err) {
    response = { id, ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(response);
});
