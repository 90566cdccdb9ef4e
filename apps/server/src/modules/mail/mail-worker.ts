import { parentPort, workerData } from 'node:worker_threads';
import { fileTransport, smtpTransport, type MailMessage, type MailTransport } from './mail.transport.js';
import type { MailThreadRequest, MailThreadResponse, MailTransportSpec } from './mail-thread.js';

/**
 * Worker-thread entry of the threaded mail transport (mail-thread.ts): builds each message (MIME)
 * and hands it to the configured transport here, so nodemailer's CPU time and the .eml file's
 * writes stay off the server's event loop (ADR 0029). Built to dist/mail-worker.js next to
 * dist/server.js (build.mjs); run through tsx from the sources.
 */
const port = parentPort;
if (!port) throw new Error('mail-worker.ts runs only as a worker thread');
const spec = workerData as MailTransportSpec;

// The file transport's lines go to the server's log, through the parent.
const log = {
  info: (obj: Record<string, unknown>, msg: string) => port.postMessage({ log: { obj, msg } } satisfies MailThreadResponse),
};
const transport: MailTransport =
  spec.kind === 'smtp' ? smtpTransport(spec.url) : fileTransport(spec.dir, log as unknown as Parameters<typeof fileTransport>[1], { logLinks: spec.logLinks });

port.on('message', (request: MailThreadRequest) => {
  const { id, message } = request;
  transport.deliver(message as MailMessage & { from: string }).then(
    () => port.postMessage({ id, ok: true } satisfies MailThreadResponse),
    (err: unknown) => port.postMessage({ id, ok: false, message: err instanceof Error ? err.message : String(err) } satisfies MailThreadResponse),
  );
});
