import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { CatalogueBudgetError, type CatalogueReader, type CatalogueReads } from './catalogue-search.repository.js';
import type { ReaderRequest, ReaderResponse, ReadMethod } from './catalogue-reader-worker.js';

/** The read methods a worker answers: every method of `CatalogueReads`. */
const METHODS = ['list', 'count', 'valueCounts', 'priceRange', 'attributeCounts', 'facetCounts'] as const satisfies readonly ReadMethod[];

export interface CatalogueReaderPoolOptions {
  /** The SQLite file (a worker opens its own read-only connection; WAL lets it read beside the writer). */
  file: string;
  /** Worker threads reading at once. */
  threads: number;
  log?: FastifyBaseLogger;
}

export interface CatalogueReaderPool extends CatalogueReader {
  /** Refuses new reads, fails those queued, and stops the workers (reads in progress are abandoned). */
  close(): Promise<void>;
}

/**
 * The worker's entry: dist/catalogue-reader-worker.js next to the bundled dist/server.js. From the
 * sources (vitest, tsx) it is the .ts file through tsx's CommonJS hook, as for the invoice worker
 * (Node 20 applies no ESM loader hooks inside worker threads; ADR 0009).
 */
function newWorker(file: string): Worker {
  if (!fileURLToPath(import.meta.url).endsWith('.ts')) return new Worker(new URL('./catalogue-reader-worker.js', import.meta.url), { workerData: { file } });
  const require = createRequire(import.meta.url);
  return new Worker("const { workerData: w } = require('node:worker_threads'); require(w.tsx).register(); require(w.entry);", {
    eval: true,
    workerData: { file, tsx: require.resolve('tsx/cjs/api'), entry: fileURLToPath(new URL('./catalogue-reader-worker.ts', import.meta.url)) },
  });
}

interface Job {
  id: number;
  method: ReadMethod;
  args: unknown[];
  deadline: number | undefined;
  /** The budget it was given (ms): re-armed in full once the pool's first worker is ready. */
  budget: number | undefined;
  resolve(value: unknown): void;
  reject(err: Error): void;
  timer?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  /** Its connection is open: reads are handed only to ready workers. */
  ready: boolean;
  job?: Job;
}

/** A read still running this long past its deadline has its worker replaced (a better-sqlite3 statement cannot be interrupted). */
const ABANDON_AFTER_MS = 10_000;

/**
 * The SQLite catalogue's reads (list, search, facets, suggestions) in a small pool of worker
 * threads, each with its own read-only connection (ADR 0023): a heavy search occupies a worker,
 * never the event loop. Reads wait in a FIFO queue for a free worker; a read whose deadline (the
 * request's time budget) passes before it is answered is rejected with CatalogueBudgetError at
 * that moment, queued or running, so the caller answers on time with what it has. Workers start
 * on the first read and stay (each keeps its page cache warm).
 */
export function createCatalogueReaderPool({ file, threads, log }: CatalogueReaderPoolOptions): CatalogueReaderPool {
  const size = Math.max(1, threads);
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;
  /**
   * Whether a worker has opened its connection yet. Until then no budget runs: starting the first
   * worker (tens of ms built, a second or more from the sources under tsx) is not the read's time.
   */
  let warm = false;

  function spawn(): Slot {
    const worker = newWorker(file);
    worker.unref();
    const slot: Slot = { worker, ready: false };
    worker.on('message', (msg: ReaderResponse | { ready: true }) => {
      if ('ready' in msg) {
        slot.ready = true;
        if (!warm) {
          warm = true;
          for (const job of queue) armQueued(job, true);
        }
        next();
        return;
      }
      const job = slot.job;
      slot.job = undefined;
      if (job && job.id === msg.id) {
        clearTimeout(job.timer);
        if (msg.ok) job.resolve(msg.result);
        else job.reject(new Error(msg.message));
      }
      next();
    });
    worker.on('error', (err) => log?.error({ err }, 'catalogue reader crashed'));
    worker.on('exit', () => {
      slots.delete(slot);
      const job = slot.job;
      slot.job = undefined;
      if (job) {
        clearTimeout(job.timer);
        job.reject(new Error('catalogue reader stopped'));
      }
      if (!slot.ready && ![...slots].some((s) => s.ready)) {
        // It never opened the database (logged above): the waiting reads fail rather than wait for a retry loop; the next read tries again.
        for (const waiting of queue.splice(0)) {
          clearTimeout(waiting.timer);
          waiting.reject(new Error('catalogue reader could not start'));
        }
        return;
      }
      if (!closed) next();
    });
    slots.add(slot);
    return slot;
  }

  function start(slot: Slot, job: Job) {
    slot.job = job;
    armRunning(slot, job);
    slot.worker.postMessage({ id: job.id, method: job.method, args: job.args } satisfies ReaderRequest);
  }

  /** A full budget from now (`rebase`: the pool just became warm), or what is left of it. */
  function rebased(job: Job, rebase: boolean): number {
    if (rebase && job.budget !== undefined) job.deadline = Date.now() + job.budget;
    return Math.max(0, (job.deadline ?? 0) - Date.now());
  }

  function armRunning(slot: Slot, job: Job) {
    if (job.deadline === undefined) return;
    clearTimeout(job.timer);
    // The caller is answered at its deadline; the worker goes on until its statement ends
    // (bounded by the search's row caps), and is replaced only if it never does.
    job.timer = setTimeout(
      () => {
        job.reject(new CatalogueBudgetError());
        job.timer = setTimeout(() => {
          if (slot.job !== job) return;
          log?.warn({ method: job.method }, 'catalogue read ran far past its budget; reader replaced');
          slot.job = undefined;
          slots.delete(slot);
          void slot.worker.terminate();
          next();
        }, ABANDON_AFTER_MS);
        job.timer.unref();
      },
      rebased(job, false),
    );
    job.timer.unref();
  }

  /** Waiting for a worker counts against the budget too. */
  function armQueued(job: Job, rebase: boolean) {
    if (job.deadline === undefined || !warm) return;
    clearTimeout(job.timer);
    job.timer = setTimeout(
      () => {
        const at = queue.indexOf(job);
        if (at >= 0) queue.splice(at, 1);
        job.reject(new CatalogueBudgetError());
      },
      rebased(job, rebase),
    );
    job.timer.unref();
  }

  function next() {
    while (queue.length > 0 && !closed) {
      let slot: Slot | undefined;
      for (const s of slots) if (s.ready && !s.job) slot = s;
      if (!slot) {
        // Another worker is started while every one is busy; the read waits for whichever is free first.
        if (slots.size < size && [...slots].every((s) => s.ready)) spawn();
        break;
      }
      start(slot, queue.shift()!);
    }
  }

  function call(method: ReadMethod, args: unknown[], deadline: number | undefined): Promise<unknown> {
    if (closed) return Promise.reject(new Error('catalogue reader pool is closed'));
    // Already late (the request spent its budget on earlier reads): not worth a worker's time.
    if (deadline !== undefined && warm && deadline <= Date.now()) return Promise.reject(new CatalogueBudgetError());
    return new Promise((resolve, reject) => {
      const job: Job = { id: nextId++, method, args, deadline, budget: deadline === undefined ? undefined : deadline - Date.now(), resolve, reject };
      armQueued(job, false);
      queue.push(job);
      next();
    });
  }

  return {
    reads(deadline?: number): CatalogueReads {
      return Object.fromEntries(METHODS.map((m) => [m, (...args: unknown[]) => call(m, args, deadline)])) as unknown as CatalogueReads;
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) {
        clearTimeout(job.timer);
        job.reject(new Error('catalogue reader pool is closed'));
      }
      await Promise.all([...slots].map((s) => s.worker.terminate()));
      slots.clear();
    },
  };
}

/**
 * Where the catalogue is read (ADR 0023): on SQLite with a database file and `threads` > 0, the
 * reader pool; otherwise (PostgreSQL, whose pool already reads beside the event loop; an
 * in-memory SQLite database, which a worker cannot open) the main connection.
 */
export function createCatalogueReader(
  direct: CatalogueReader,
  options: { engine: 'sqlite' | 'postgres'; file?: string; threads: number; log?: FastifyBaseLogger },
): CatalogueReader & { close(): Promise<void> } {
  const { engine, file, threads, log } = options;
  if (engine === 'sqlite' && file && file !== ':memory:' && threads > 0) return createCatalogueReaderPool({ file, threads, log });
  return { reads: (deadline) => direct.reads(deadline), close: async () => {} };
}
