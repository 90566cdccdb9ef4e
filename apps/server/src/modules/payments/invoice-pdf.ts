import type { ShippingAddress } from '@bulkparts/shared';
import PDFDocument from 'pdfkit';
import { invoiceContent, invoiceLabel, type InvoiceBuyerInput, type InvoiceLineInput } from './invoice-content.js';
import type { PayableOrder as OrderRow } from './payable-orders.js';

export { invoiceLabel, SELLER } from './invoice-content.js';

const PAGE_BOTTOM = 770;

/** Renders a paid order's invoice as a PDF (pdfkit's built-in Helvetica: no font files to ship); the text is `invoiceContent`'s. */
export function renderInvoicePdf(
  order: OrderRow,
  buyer: InvoiceBuyerInput,
  lines: readonly InvoiceLineInput[] = [],
  shipTo: ShippingAddress | null = null,
): Promise<Buffer> {
  const c = invoiceContent(order, buyer, lines, shipTo);
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Invoice ${invoiceLabel(Number(order.invoice_number))}`, Author: c.seller[0] } });
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
  doc.font('Helvetica-Bold').text('Seller', 50, top);
  doc.font('Helvetica').text(c.seller.join('\n'), 50, top + 14, { width: 150 });
  doc.font('Helvetica-Bold').text('Bill to', 215, top);
  doc.font('Helvetica').text(c.billTo.join('\n'), 215, top + 14, { width: 160 });
  let blockBottom = doc.y;
  if (c.shipTo.length) {
    doc.font('Helvetica-Bold').text('Ship to', 390, top);
    doc.font('Helvetica').text(c.shipTo.join('\n'), 390, top + 14, { width: 155 });
    blockBottom = Math.max(blockBottom, doc.y);
  }

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
  let y = header(Math.max(blockBottom + 20, top + 100));
  for (const item of c.items) {
    const height = Math.max(14, doc.heightOfString(item.item, { width: 240 })) + 6;
    // A long order continues on the next page under the column headings again.
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
  if (y + 110 > PAGE_BOTTOM) {
    doc.addPage();
    y = 50;
  }
  doc.moveTo(50, y).lineTo(545, y).stroke();
  doc.text(c.totals.subtotal, 300, y + 10, { width: 245, align: 'right' });
  doc.text(c.totals.tax, 300, y + 24, { width: 245, align: 'right' });
  doc.font('Helvetica-Bold').text(c.totals.total, 300, y + 40, { width: 245, align: 'right' });
  doc.font('Helvetica').moveDown(2);
  for (const p of c.payment) doc.text(p, 50);
  doc.moveDown(2).fontSize(9).fillColor('#555').text('Thank you for your order. Prices in US dollars.', 50);
  doc.end();
  return done;
}
