import {
  formatCents,
  formatUnitPrice,
  formatCreditNoteNumber,
  formatQuantity,
  formatRmaNumber,
  shippingAddressLines,
  type StoredShippingAddress,
} from '@bulkparts/shared';
import type { PrintedDocument } from '../../lib/pdf-layout.js';
import { invoiceLabel } from '../payments/invoice-content.js';

/** One credited line as the credit note prints it (kept as JSON on the note, so it reprints as issued). */
export interface CreditNoteLine {
  sku: string;
  name: string;
  pieces: number;
  /** 1/10,000 dollar per piece (issue 30), as invoiced. */
  unitPriceE4: number;
  netCents: number;
  taxCents: number;
}

export interface CreditNoteDocumentInput {
  number: number;
  rmaNumber: number;
  orderNumber: string;
  invoiceNumber: number | null;
  createdAt: string;
  lines: readonly CreditNoteLine[];
  netCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
  method: string;
  billTo: { email: string; company: string | null; address: StoredShippingAddress | null };
  /** Issue 30: the seller record's document lines (name, address, tax and registration numbers, contact). */
  seller: string[];
  /** Issue 30: the buyer's VAT number, when the order was billed to a company with one. */
  buyerTaxId?: string | null;
}

const HOW: Record<string, string> = {
  card: 'Refunded to the card the order was paid with.',
  account: 'Credited to your company’s account: the invoice owes this much less.',
  bank_transfer: 'Paid back by bank transfer.',
};

/** A credit note (issue 31): the returned lines at their invoiced prices, the tax reversed as charged, the total given back. */
export function creditNoteDocument(c: CreditNoteDocumentInput): PrintedDocument {
  return {
    title: 'CREDIT NOTE',
    meta: [
      `Credit note: ${formatCreditNoteNumber(c.number)}`,
      `Date: ${c.createdAt.slice(0, 10)}`,
      ...(c.invoiceNumber !== null ? [`Against invoice: ${invoiceLabel(c.invoiceNumber)}`] : []),
      `Order: ${c.orderNumber}`,
      `Return: ${formatRmaNumber(c.rmaNumber)}`,
    ],
    blocks: [
      { heading: 'Seller', lines: c.seller },
      {
        heading: 'Credit to',
        lines: [
          ...(c.billTo.company ? [c.billTo.company] : []),
          ...(c.buyerTaxId ? [`VAT no.: ${c.buyerTaxId}`] : []),
          ...(c.billTo.address ? shippingAddressLines(c.billTo.address) : []),
          c.billTo.email,
        ],
      },
    ],
    headings: ['Item', 'Quantity', 'Unit price', 'Amount'],
    items: c.lines.map((l) => ({
      item: `${l.sku} · ${l.name}`,
      quantity: formatQuantity(l.pieces),
      unitPrice: formatUnitPrice(l.unitPriceE4),
      amount: formatCents(l.netCents),
    })),
    totals: [
      `Subtotal: ${formatCents(c.netCents)}`,
      `Tax reversed: ${formatCents(c.taxCents)}`,
      ...(c.shippingCents ? [`Shipping: ${formatCents(c.shippingCents)}`] : []),
      `Total credited: ${formatCents(c.totalCents)}`,
    ],
    notes: [HOW[c.method] ?? '', 'Prices in US dollars. The returned lines are credited at the prices they were invoiced at, with the tax charged on them.'],
  };
}

export const creditNoteFilename = (number: number) => `credit-note-${formatCreditNoteNumber(number)}.pdf`;
