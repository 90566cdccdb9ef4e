import { drawHeading, drawItemTable, startPdf } from '../../lib/pdf-layout.js';
import type { QuoteDocument } from './quote-document.js';

/**
 * Draws a quote document as a PDF (pdfkit's built-in Helvetica, the invoice's layout). Runs in the
 * invoice renderer's worker threads (payments/invoice-worker.ts), time-limited like an invoice.
 */
export function renderQuotePdf(c: QuoteDocument): Promise<Buffer> {
  const { doc, done } = startPdf({ Title: c.meta[0] ?? 'Quote', Author: c.seller[0] });
  const top = drawHeading(doc, c.title, c.meta);
  doc.font('Helvetica-Bold').text('From', 50, top);
  doc.font('Helvetica').text(c.seller.join('\n'), 50, top + 14, { width: 220 });
  const sellerBottom = doc.y;
  doc.font('Helvetica-Bold').text('For', 300, top);
  doc.font('Helvetica').text(c.buyer.join('\n'), 300, top + 14, { width: 245 });
  const blockBottom = Math.max(sellerBottom, doc.y);

  const y = drawItemTable(doc, c.items, Math.max(blockBottom + 20, top + 90), 60);
  doc.font('Helvetica-Bold').text(c.total, 300, y + 10, { width: 245, align: 'right' });
  doc.font('Helvetica').text('', 50, y + 40);
  for (const n of c.notes) doc.moveDown(0.5).text(n, 50, undefined, { width: 495 });
  doc.end();
  return done;
}
