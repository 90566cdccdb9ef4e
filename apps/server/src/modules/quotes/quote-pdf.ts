import PDFDocument from 'pdfkit';
import type { QuoteDocument } from './quote-document.js';

const PAGE_BOTTOM = 770;

/**
 * Draws a quote document as a PDF (pdfkit's built-in Helvetica, the invoice's layout). Runs in the
 * invoice renderer's worker threads (payments/invoice-worker.ts), time-limited like an invoice.
 */
export function renderQuotePdf(c: QuoteDocument): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: c.meta[0] ?? 'Quote', Author: c.seller[0] } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.fontSize(22).font('Helvetica-Bold').text(c.title, { align: 'right' });
  doc.fontSize(10).font('Helvetica');
  for (const m of c.meta) doc.text(m, { align: 'right' });
  doc.moveDown(2);

  const top = doc.y;
  doc.font('Helvetica-Bold').text('From', 50, top);
  doc.font('Helvetica').text(c.seller.join('\n'), 50, top + 14, { width: 220 });
  const sellerBottom = doc.y;
  doc.font('Helvetica-Bold').text('For', 300, top);
  doc.font('Helvetica').text(c.buyer.join('\n'), 300, top + 14, { width: 245 });
  const blockBottom = Math.max(sellerBottom, doc.y);

  const columns = [50, 300, 390, 470] as const;
  const header = (y: number) => {
    doc.font('Helvetica-Bold');
    ['Item', 'Quantity', 'Unit price', 'Amount'].forEach((h, i) => doc.text(h, columns[i], y, { width: i === 0 ? 240 : 75 }));
    doc
      .moveTo(50, y + 16)
      .lineTo(545, y + 16)
      .stroke();
    doc.font('Helvetica');
    return y + 24;
  };
  let y = header(Math.max(blockBottom + 20, top + 90));
  for (const item of c.items) {
    const height = Math.max(14, doc.heightOfString(item.item, { width: 240 })) + 6;
    if (y + height > PAGE_BOTTOM) {
      doc.addPage();
      y = header(50);
    }
    doc.text(item.item, columns[0], y, { width: 240 });
    doc.text(item.quantity, columns[1], y, { width: 75 });
    doc.text(item.unitPrice, columns[2], y, { width: 75 });
    doc.text(item.amount, columns[3], y, { width: 75 });
    y += height;
  }
  if (y + 60 > PAGE_BOTTOM) {
    doc.addPage();
    y = 50;
  }
  doc.moveTo(50, y).lineTo(545, y).stroke();
  doc.font('Helvetica-Bold').text(c.total, 300, y + 10, { width: 245, align: 'right' });
  doc.font('Helvetica').text('', 50, y + 40);
  for (const n of c.notes) doc.moveDown(0.5).text(n, 50, undefined, { width: 495 });
  doc.end();
  return done;
}
