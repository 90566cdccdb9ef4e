import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, MailTransport } from './mail.transport.js';

/** Which transport the mail thread runs (mail.transport.ts): SMTP, or .eml files in `dir`. */
export type MailTransportSpec = { kind: 'smtp'; url: string } | { kind: 'file'; dir: string; logLinks: boolean };
export type MailThreadRequest = { id: number; message: MailMessage & { from: string } };
export type MailThreadResponse = { id: number; ok: true } | { id: number; ok: false; message: string } | { log: { obj: Record<string, unknown>; msg: string } };

/** dist/mail-worker.js next to the bundled server; from the sources the .ts file through tsx's require hook (as invoice-renderer.ts). */
function newWorker(spec: MailTransportSpec): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: 128 };
  if (!fileURLToPath(import.meta.url).endsWith('.ts')) return new Worker(new URL('./mail-worker.js', import.meta.url), { workerData: spec, resourceLimits });
  const require = createRequire(import.meta.url);
  return new Worker("const { workerData: w } = require('node:worker_threads'); require(w.tsx).register(); require(w.entry);", {
    eval: true,
    workerData: { ...spec, tsx: require.resolve('tsx/cjs/api'), entry: fileURLToPath(new URL('./mail-worker.ts', import.meta.url)) },
    resourceLimits,
  });
}

/**
 * The mail transport in a worker thread of its own (issue 29, ADR 0029): building a message and
 * writing or sending it was 8-10% of the event loop's time in the order flow, on the thread that
 * answers the buyers. One thread, started with the first message; a message it cannot deliver
 * (or a thread that dies) rejects, and the outbox retries it as any failed delivery.
 */
export function threadedTransport(spec: MailTransportSpec, log: Pick<FastifyBaseLogger, 'info' | 'error'>): MailTransport {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, { resolve(): void; reject(err: Error): void }>();

  function started(): Worker {
    if (worker) return worker;
    const w = newWorker(spec);
    w.unref();
    w.on('message', (msg: MailThreadResponse) => {
      if ('log' in msg) return log.info(msg.log.obj, msg.log.msg);
      const job = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.ok) job?.resolve();
      else job?.reject(new Error(msg.message));
    });
    w.on('error', (err) => log.error({ err }, 'mail thread crashed'));
    w.on('exit', () => {
      if (worker === w) worker = undefined;
      for (const job of pending.values()) job.reject(new Error('the mail thread stopped'));
      pending.clear();
    });
    worker = w;
    return w;
  }

  return {
    deliver(message) {
      return new Promise<void>((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        started().postMessage({
          id,
          message: { to: message.to, subject: message.subject, text: message.text, html: message.html, from: message.from },
        } satisfies MailThreadRequest);
      });
    },
    close() {
      const w = worker;
      worker = undefined;
      void w?.terminate();
    },
  };
}
