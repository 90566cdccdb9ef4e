import PDFDocument from 'pdfkit';

/**
 * The layout invoices and quotes share (pdfkit's built-in Helvetica: no font files to ship): an
 * A4 document collected into one Buffer, a right-aligned title with its meta lines, and the item
 * table that continues on the next page under its headings again.
 */
export const PAGE_BOTTOM = 770;

export interface PdfItem {
  item: string;
  quantity: string;
  unitPrice: string;
  amount: string;
}

/** A new A4 document and the Buffer it becomes once `doc.end()` is called. */
export function startPdf(info: { Title: string; Author: string | undefined }): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** The title and its meta lines, right-aligned; answers where the address blocks start. */
export function drawHeading(doc: PDFKit.PDFDocument, title: string, meta: readonly string[]): number {
  doc.fontSize(22).font('Helvetica-Bold').text(title, { align: 'right' });
  doc.fontSize(10).font('Helvetica');
  for (const m of meta) doc.text(m, { align: 'right' });
  doc.moveDown(2);
  return doc.y;
}

/**
 * The item table from `startY`, then a rule under it, leaving `room` points below the rule for
 * the totals (a new page when they would not fit). Answers the rule's y.
 */
export function drawItemTable(doc: PDFKit.PDFDocument, items: readonly PdfItem[], startY: number, room: number): number {
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
  let y = header(startY);
  for (const item of items) {
    const height = Math.max(14, doc.heightOfString(item.item, { width: 240 })) + 6;
    // A long document continues on the next page under the column headings again.
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
  if (y + room > PAGE_BOTTOM) {
    doc.addPage();
    y = 50;
  }
  doc.moveTo(50, y).lineTo(545, y).stroke();
  return y;
}
