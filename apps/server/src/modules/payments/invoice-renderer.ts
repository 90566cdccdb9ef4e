import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors.js';
import type { renderInvoicePdf } from './invoice-pdf.js';
import { boundInvoiceInput } from './invoice-text.js';
import type { RenderDocument, RenderRequest, RenderResponse } from './invoice-worker.js';
import type { QuoteDocument } from '../quotes/quote-document.js';
import type { PrintedDocument } from '../../lib/pdf-layout.js';

export type InvoiceInput = Parameters<typeof renderInvoicePdf>;

export interface InvoiceRendererOptions {
  /** Longest a render may take (and longest a render may wait for a free worker); the worker is then terminated. */
  timeoutMs?: number;
  /** Worker threads rendering at once. Default: one per core beyond the first (at most 2), leaving a core to the event loop. */
  concurrency?: number;
  /** Renders that may wait for a worker; more are refused at once with 503. */
  maxQueue?: number;
  /** An idle worker is stopped after this long (its memory is returned; the next render starts a new one). */
  idleMs?: number;
  log?: FastifyBaseLogger;
}

export interface InvoiceRenderer {
  render(...input: InvoiceInput): Promise<Buffer>;
  /** A quote document (quotes/quote-document.ts, its texts already bounded) on the same pool and limits. */
  renderQuote(document: QuoteDocument): Promise<Buffer>;
  /** Issue 31: a packing slip or a credit note (lib/pdf-layout.ts `PrintedDocument`, its texts already bounded), on the same pool and limits. */
  renderPrinted(document: PrintedDocument): Promise<Buffer>;
  /** Refuses new renders, lets those in progress finish (each is time-limited), then stops the workers. */
  close(): Promise<void>;
}

export const INVOICE_UNAVAILABLE_MESSAGE = 'The invoice could not be generated, try again';
const unavailable = () => new AppError('UNAVAILABLE', INVOICE_UNAVAILABLE_MESSAGE);

/**
 * The worker's entry: dist/invoice-worker.js next to the bundled dist/server.js. From the sources
 * (vitest, tsx, `npm run dev`) it is the .ts file, loaded through tsx's require hook: Node 20 does
 * not apply ESM loader hooks (`--import tsx`) inside worker threads, CommonJS hooks work anywhere.
 * tsx is a devDependency, never needed by the build.
 */
function newWorker(): Worker {
  // Memory is bounded too: a runaway document fails its own render, not the server.
  const resourceLimits = { maxOldGenerationSizeMb: 256 };
  if (!fileURLToPath(import.meta.url).endsWith('.ts')) return new Worker(new URL('./invoice-worker.js', import.meta.url), { resourceLimits });
  const require = createRequire(import.meta.url);
  return new Worker("const { workerData: w } = require('node:worker_threads'); require(w.tsx).register(); require(w.entry);", {
    eval: true,
    workerData: { tsx: require.resolve('tsx/cjs/api'), entry: fileURLToPath(new URL('./invoice-worker.ts', import.meta.url)) },
    resourceLimits,
  });
}

interface Job {
  id: number;
  document: RenderDocument;
  resolve(pdf: Buffer): void;
  reject(err: Error): void;
  timer?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  job?: Job;
  idleTimer?: NodeJS.Timeout;
}

/**
 * Renders invoices in a small pool of worker threads, each render time-limited (the worker is
 * terminated when it runs over: a render cannot be interrupted otherwise), every text bounded
 * first (invoice-text.ts). Extra renders wait in a bounded queue, so many invoice requests queue
 * instead of taking every core from the event loop.
 */
export function createInvoiceRenderer(options: InvoiceRendererOptions = {}): InvoiceRenderer {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const concurrency = Math.max(1, options.concurrency ?? Math.min(2, availableParallelism() - 1));
  const maxQueue = options.maxQueue ?? 100;
  const idleMs = options.idleMs ?? 30_000;
  const log = options.log;
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let nextId = 1;
  let closing = false;
  let drained: (() => void) | undefined;

  function spawn(): Slot {
    const worker = newWorker();
    worker.unref();
    const slot: Slot = { worker };
    worker.on('message', (msg: RenderResponse) => {
      const job = slot.job;
      if (!job || job.id !== msg.id) return;
      finish(slot, job);
      if (msg.ok) job.resolve(Buffer.from(msg.pdf.buffer, msg.pdf.byteOffset, msg.pdf.byteLength));
      else {
        log?.error({ err: msg.message }, 'invoice render failed');
        job.reject(unavailable());
      }
      next();
    });
    worker.on('error', (err) => log?.error({ err }, 'invoice worker crashed'));
    worker.on('exit', () => {
      // Crashed, out of memory or terminated: whatever it was rendering fails; the next render starts a new worker.
      slots.delete(slot);
      const job = slot.job;
      if (job) {
        finish(slot, job);
        job.reject(unavailable());
      }
      next();
    });
    slots.add(slot);
    return slot;
  }

  function finish(slot: Slot, job: Job) {
    clearTimeout(job.timer);
    slot.job = undefined;
  }

  function start(slot: Slot, job: Job) {
    clearTimeout(job.timer);
    clearTimeout(slot.idleTimer);
    slot.idleTimer = undefined;
    slot.job = job;
    job.timer = setTimeout(() => {
      log?.warn({ timeoutMs }, 'invoice render ran over its time limit; worker terminated');
      finish(slot, job);
      slots.delete(slot);
      job.reject(unavailable());
      void slot.worker.terminate();
      next();
    }, timeoutMs);
    slot.worker.postMessage({ id: job.id, ...job.document } satisfies RenderRequest);
  }

  function next() {
    while (queue.length > 0) {
      let slot = [...slots].find((s) => !s.job);
      if (!slot && slots.size < concurrency) slot = spawn();
      if (!slot) break;
      start(slot, queue.shift()!);
    }
    for (const slot of slots) {
      if (!slot.job && !slot.idleTimer) {
        slot.idleTimer = setTimeout(() => {
          if (slot.job) return;
          slots.delete(slot);
          void slot.worker.terminate();
        }, idleMs);
        slot.idleTimer.unref();
      }
    }
    if (closing && queue.length === 0 && ![...slots].some((s) => s.job)) drained?.();
  }

  function enqueue(document: RenderDocument): Promise<Buffer> {
    if (closing || queue.length >= maxQueue) return Promise.reject(unavailable());
    return new Promise<Buffer>((resolve, reject) => {
      const job: Job = { id: nextId++, document, resolve, reject };
      job.timer = setTimeout(() => {
        const at = queue.indexOf(job);
        if (at >= 0) queue.splice(at, 1);
        log?.warn({ timeoutMs }, 'invoice render waited too long for a worker');
        reject(unavailable());
      }, timeoutMs);
      queue.push(job);
      next();
    });
  }

  return {
    render: (...input) => enqueue({ kind: 'invoice', input: boundInvoiceInput(input) }),
    renderQuote: (document) => enqueue({ kind: 'quote', input: document }),
    renderPrinted: (document) => enqueue({ kind: 'printed', input: boundInvoiceInput(document) }),
    async close() {
      closing = true;
      await new Promise<void>((resolve) => {
        drained = resolve;
        next();
      });
      await Promise.all([...slots].map((s) => (clearTimeout(s.idleTimer), s.worker.terminate())));
      slots.clear();
    },
  };
}
