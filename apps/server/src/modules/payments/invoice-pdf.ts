import { formatCents, formatOrderNumber, formatQuantity } from '@bulkparts/shared';
import PDFDocument from 'pdfkit';
import type { PayableOrder as OrderRow } from './payable-orders.js';

/** The seller block printed on every invoice. */
export const SELLER = {
  name: 'bulkparts Ltd.',
  lines: ['12 Foundry Lane', 'Manchester M1 2AB, United Kingdom', 'billing@bulkparts.example'],
};

export const invoiceLabel = (invoiceNumber: number) => `INV-${String(invoiceNumber).padStart(6, '0')}`;

/** Renders a one-line invoice for a paid order as a PDF (pdfkit's built-in Helvetica: no font files to ship). */
export function renderInvoicePdf(order: OrderRow, buyer: { name: string | null; address: string | null }): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Invoice ${invoiceLabel(Number(order.invoice_number))}`, Author: SELLER.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.fontSize(22).font('Helvetica-Bold').text('INVOICE', { align: 'right' });
  doc.fontSize(10).font('Helvetica');
  doc.text(`Invoice number: ${invoiceLabel(Number(order.invoice_number))}`, { align: 'right' });
  doc.text(`Date: ${(order.paid_at ?? order.created_at).slice(0, 10)}`, { align: 'right' });
  doc.text(`Order: ${formatOrderNumber(Number(order.order_number))}`, { align: 'right' });
  doc.moveDown(2);

  const top = doc.y;
  doc.font('Helvetica-Bold').text('Seller', 50, top);
  doc.font('Helvetica').text([SELLER.name, ...SELLER.lines].join('\n'), 50, top + 14);
  doc.font('Helvetica-Bold').text('Bill to', 320, top);
  doc.font('Helvetica').text([buyer.name, order.user_email, buyer.address].filter(Boolean).join('\n'), 320, top + 14, { width: 225 });
  doc.moveDown(4);

  const columns = [50, 300, 390, 470] as const;
  const rowY = Math.max(doc.y, top + 90);
  doc.font('Helvetica-Bold');
  ['Item', 'Quantity', 'Unit price', 'Amount'].forEach((h, i) => doc.text(h, columns[i], rowY, { width: i === 0 ? 240 : 80 }));
  doc
    .moveTo(50, rowY + 16)
    .lineTo(545, rowY + 16)
    .stroke();
  doc.font('Helvetica');
  const lineY = rowY + 24;
  doc.text(order.product_name, columns[0], lineY, { width: 240 });
  doc.text(formatQuantity(order.quantity), columns[1], lineY, { width: 80 });
  doc.text(formatCents(Number(order.unit_price_cents)), columns[2], lineY, { width: 80 });
  doc.text(formatCents(Number(order.total_cents)), columns[3], lineY, { width: 80 });
  doc
    .moveTo(50, lineY + 30)
    .lineTo(545, lineY + 30)
    .stroke();
  // No tax is charged yet; the line is there so the invoice's layout does not change when it is.
  doc.text(`Subtotal: ${formatCents(Number(order.total_cents))}`, 300, lineY + 40, { width: 245, align: 'right' });
  doc.text(`Tax: ${formatCents(0)}`, 300, lineY + 54, { width: 245, align: 'right' });
  doc.font('Helvetica-Bold').text(`Total paid: ${formatCents(Number(order.total_cents))}`, 300, lineY + 70, { width: 245, align: 'right' });
  doc.font('Helvetica').moveDown(2);
  doc.text(
    `Payment: ${[order.card_brand, order.card_last4 ? `•••• ${order.card_last4}` : null].filter(Boolean).join(' ') || order.payment_provider || ''}`,
    50,
  );
  doc.text(`Payment reference: ${order.payment_reference ?? ''}`, 50);
  doc.moveDown(2).fontSize(9).fillColor('#555').text('Thank you for your order. Prices in US dollars.', 50);
  doc.end();
  return done;
}
