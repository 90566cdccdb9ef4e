import { parentPort } from 'node:worker_threads';
import { renderInvoicePdf } from './invoice-pdf.js';

/**
 * Worker-thread entry of the invoice renderer (invoice-renderer.ts): renders one invoice per
 * message, so that pdfkit's CPU time never blocks the server's event loop. Built to
 * dist/invoice-worker.js next to dist/server.js (build.mjs); run through tsx from the sources.
 */
export interface RenderRequest {
  id: number;
  input: Parameters<typeof renderInvoicePdf>;
}
export type RenderResponse = { id: number; ok: true; pdf: Uint8Array } | { id: number; ok: false; message: string };

const port = parentPort;
if (!port) throw new Error('invoice-worker.ts runs only as a worker thread');

port.on('message', async ({ id, input }: RenderRequest) => {
  let response: RenderResponse;
  try {
    // Copied (not transferred): pdfkit's small buffers may share Node's pool with other data.
    response = { id, ok: true, pdf: await renderInvoicePdf(...input) };
  } catch (err) {
    response = { id, ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(response);
});
