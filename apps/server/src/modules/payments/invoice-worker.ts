import { parentPort } from 'node:worker_threads';
import { renderInvoicePdf } from './invoice-pdf.js';
import type { QuoteDocument } from '../quotes/quote-document.js';
import { renderQuotePdf } from '../quotes/quote-pdf.js';
import { renderPrintedDocument, type PrintedDocument } from '../../lib/pdf-layout.js';

/**
 * Worker-thread entry of the invoice renderer (invoice-renderer.ts): renders one invoice per
 * message, so that pdfkit's CPU time never blocks the server's event loop. Built to
 * dist/invoice-worker.js next to dist/server.js (build.mjs); run through tsx from the sources.
 */
/** The documents the worker draws: invoices, and quote documents (quotes/quote-pdf.ts) on the same time-limited pool. */
/** Issue 31: packing slips and credit notes are `printed` documents (lib/pdf-layout.ts). */
export type RenderDocument =
  { kind: 'invoice'; input: Parameters<typeof renderInvoicePdf> } | { kind: 'quote'; input: QuoteDocument } | { kind: 'printed'; input: PrintedDocument };
export type RenderRequest = { id: number } & RenderDocument;
export type RenderResponse = { id: number; ok: true; pdf: Uint8Array } | { id: number; ok: false; message: string };

const port = parentPort;
if (!port) throw new Error('invoice-worker.ts runs only as a worker thread');

port.on('message', async (request: RenderRequest) => {
  const { id } = request;
  let response: RenderResponse;
  try {
    const pdf =
      request.kind === 'quote'
        ? await renderQuotePdf(request.input)
        : request.kind === 'printed'
          ? await renderPrintedDocument(request.input)
          : await renderInvoicePdf(...request.input);
    // Copied (not transferred): pdfkit's small buffers may share Node's pool with other data.
    response = { id, ok: true, pdf };
  } catch (err) {
    response = { id, ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(response);
});
