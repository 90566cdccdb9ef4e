import type { ShippingAddress } from '@bulkparts/shared';
import { drawHeading, drawItemTable, startPdf } from '../../lib/pdf-layout.js';
import {
  invoiceContent,
  invoiceLabel,
  type InvoiceAccountInput,
  type InvoiceBuyerInput,
  type InvoiceExtraInput,
  type InvoiceLineInput,
} from './invoice-content.js';
import type { PayableOrder as OrderRow } from './payable-orders.js';

export { invoiceLabel } from './invoice-content.js';

/** Renders an order's invoice as a PDF (pdfkit's built-in Helvetica: no font files to ship); the text is `invoiceContent`'s. */
export function renderInvoicePdf(
  order: OrderRow,
  buyer: InvoiceBuyerInput,
  lines: readonly InvoiceLineInput[] = [],
  shipTo: ShippingAddress | null = null,
  account: InvoiceAccountInput | null = null,
  extra: InvoiceExtraInput = {},
): Promise<Buffer> {
  const c = invoiceContent(order, buyer, lines, shipTo, account, extra);
  const { doc, done } = startPdf({ Title: `Invoice ${invoiceLabel(Number(order.invoice_number))}`, Author: c.seller[0] });
  const top = drawHeading(doc, c.title, c.meta);
  doc.font('Helvetica-Bold').text('Seller', 50, top);
  doc.font('Helvetica').text(c.seller.join('\n'), 50, top + 14, { width: 150 });
  let blockBottom = doc.y;
  doc.font('Helvetica-Bold').text('Bill to', 215, top);
  doc.font('Helvetica').text(c.billTo.join('\n'), 215, top + 14, { width: 160 });
  blockBottom = Math.max(blockBottom, doc.y);
  if (c.shipTo.length) {
    doc.font('Helvetica-Bold').text('Ship to', 390, top);
    doc.font('Helvetica').text(c.shipTo.join('\n'), 390, top + 14, { width: 155 });
    blockBottom = Math.max(blockBottom, doc.y);
  }

  const room = 30 + 15 * c.totals.length;
  const y = drawItemTable(doc, c.items, Math.max(blockBottom + 20, top + 100), room, ['Item', 'Quantity', 'Unit price', 'Tax', 'Net']);
  c.totals.forEach((t, i) => {
    doc.font(i === c.totals.length - 1 ? 'Helvetica-Bold' : 'Helvetica').text(t, 250, y + 10 + i * 15, { width: 295, align: 'right' });
  });
  doc.font('Helvetica').text('', 50, y + 20 + 15 * c.totals.length);
  for (const n of c.taxNotes) doc.moveDown(0.5).text(n, 50, undefined, { width: 495 });
  doc.moveDown(1);
  for (const p of c.payment) doc.text(p, 50, undefined, { width: 495 });
  doc.moveDown(2).fontSize(9).fillColor('#555').text('Thank you for your order. Prices in US dollars.', 50);
  doc.end();
  return done;
}
