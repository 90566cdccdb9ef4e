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
  /** Issue 30: the line's tax rate (the invoice's fifth column; absent on documents with four). */
  tax?: string;
  amount: string;
}

/** A new A4 document and the Buffer it becomes once `doc.end()` is called. */
export function startPdf(info: { Title: string; Author: string | undefined }): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  // pdfkit fails on an undefined info entry: a document without an author gets none.
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: info.Author === undefined ? { Title: info.Title } : info });
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
export function drawItemTable(
  doc: PDFKit.PDFDocument,
  items: readonly PdfItem[],
  startY: number,
  room: number,
  headings: readonly [string, string, string, string] | readonly [string, string, string, string, string] = ['Item', 'Quantity', 'Unit price', 'Amount'],
): number {
  // Five columns (issue 30's invoice: the tax rate before the net amount) make the item column narrower.
  const five = headings.length === 5;
  const columns = five ? ([50, 260, 330, 410, 470] as const) : ([50, 300, 390, 470] as const);
  const itemWidth = five ? 200 : 240;
  const cellWidth = (i: number) => (i === 0 ? itemWidth : five ? 65 : 75);
  const header = (y: number) => {
    doc.font('Helvetica-Bold');
    headings.forEach((h, i) => doc.text(h, columns[i], y, { width: cellWidth(i) }));
    doc
      .moveTo(50, y + 16)
      .lineTo(545, y + 16)
      .stroke();
    doc.font('Helvetica');
    return y + 24;
  };
  let y = header(startY);
  for (const item of items) {
    const height = Math.max(14, doc.heightOfString(item.item, { width: itemWidth })) + 6;
    // A long document continues on the next page under the column headings again.
    if (y + height > PAGE_BOTTOM) {
      doc.addPage();
      y = header(50);
    }
    const cells = five ? [item.item, item.quantity, item.unitPrice, item.tax ?? '', item.amount] : [item.item, item.quantity, item.unitPrice, item.amount];
    cells.forEach((text, i) => doc.text(text, columns[i], y, { width: cellWidth(i) }));
    y += height;
  }
  if (y + room > PAGE_BOTTOM) {
    doc.addPage();
    y = 50;
  }
  doc.moveTo(50, y).lineTo(545, y).stroke();
  return y;
}

/**
 * A document with the invoice's layout that is neither an invoice nor a quote (issue 31: a
 * shipment's packing slip, a credit note): plain text data, so it crosses to the renderer's worker
 * as it is, and tests read the same text the PDF shows.
 */
export interface PrintedDocument {
  title: string;
  meta: string[];
  /** Up to three address blocks side by side ('From', 'Ship to', …). */
  blocks: { heading: string; lines: string[] }[];
  headings: [string, string, string, string];
  items: PdfItem[];
  /** Right-aligned under the table (the last in bold): subtotal, tax, total. */
  totals: string[];
  notes: string[];
}

/** Draws a `PrintedDocument` (the invoice's layout: heading, address blocks, item table, totals, notes). */
export function renderPrintedDocument(c: PrintedDocument): Promise<Buffer> {
  const { doc, done } = startPdf({ Title: `${c.title} ${c.meta[0] ?? ''}`.trim(), Author: c.blocks[0]?.lines[0] });
  const top = drawHeading(doc, c.title, c.meta);
  const width = 495 / Math.max(1, c.blocks.length);
  let bottom = top;
  c.blocks.slice(0, 3).forEach((b, i) => {
    const x = 50 + i * width;
    doc.font('Helvetica-Bold').text(b.heading, x, top, { width: width - 15 });
    doc.font('Helvetica').text(b.lines.join('\n'), x, top + 14, { width: width - 15 });
    bottom = Math.max(bottom, doc.y);
  });
  const y = drawItemTable(doc, c.items, Math.max(bottom + 20, top + 90), 20 + 16 * c.totals.length, c.headings);
  c.totals.forEach((t, i) => {
    doc.font(i === c.totals.length - 1 ? 'Helvetica-Bold' : 'Helvetica').text(t, 300, y + 10 + i * 15, { width: 245, align: 'right' });
  });
  doc.font('Helvetica').text('', 50, y + 20 + 15 * c.totals.length);
  for (const n of c.notes) doc.moveDown(0.5).text(n, 50, undefined, { width: 495 });
  doc.end();
  return done;
}
