import { describe, expect, it } from 'vitest';
import { EXPORT_WORDING, REVERSE_CHARGE_WORDING, exemptionWording, sellerDocumentLines, type LineTax, type Seller } from '@bulkparts/shared';
import type { OrderRow } from '../../src/modules/orders/orders.repository.js';
import { invoiceContent, type InvoiceLineInput } from '../../src/modules/payments/invoice-content.js';
import { renderInvoicePdf } from '../../src/modules/payments/invoice-pdf.js';
import { creditNoteDocument } from '../../src/modules/returns/credit-note.js';
import { renderPrintedDocument } from '../../src/lib/pdf-layout.js';
import { pdfText } from '../orders/company-helpers.js';
import { PAID_ORDER_ROW } from './paid-order-row.js';

/**
 * Issue 30: the invoice's layout, read as the PDF's text, from constructed orders carrying the
 * tax and shipping fields of the contract (order `subtotal_cents`, `shipping_cents`, `tax_cents`,
 * `tax_lines`; each line's `tax`), so the layout is proved before the tax and shipping parts land.
 * (No database: runs once.)
 */
const SELLER: Seller = {
  legalName: 'Bulkparts B.V.',
  address: 'Keizersgracht 1\n1015 CJ Amsterdam',
  region: null,
  country: 'NL',
  taxNumber: 'NL123456789B01',
  registrationNumber: 'KvK 12345678',
  email: 'billing@bulkparts.example',
  phone: '+31 20 123 4567',
  timeZone: 'Europe/Amsterdam',
  updatedAt: null,
};
const COMPANY = { name: 'Müller Maschinenbau GmbH', taxId: 'DE811907980', address: 'Werkstraße 5\n80331 München\nGermany' };

/** A company's paid card order. */
const baseOrder: OrderRow = { ...PAID_ORDER_ROW, company_id: 'cmp_1' };

const tax = (t: Partial<LineTax>): string =>
  JSON.stringify({ rule: 'standard', rateBp: 0, amountCents: 0, zone: 'DE', name: 'VAT 0%', evidence: null, ...t } satisfies LineTax);

const line = (over: Partial<InvoiceLineInput> = {}): InvoiceLineInput => ({
  sku: 'HB-M8',
  product_name: 'Hex bolt M8',
  quantity: 100,
  unit_price_e4: 12_500,
  line_total_cents: 12_500,
  ...over,
});

/** The PDF's text with wrapped lines joined, so a long sentence reads whole. */
async function invoiceText(...input: Parameters<typeof renderInvoicePdf>): Promise<string> {
  const pdf = await renderInvoicePdf(...input);
  return pdfText(pdf).replace(/\s*\n\s*/g, ' ');
}

describe('the invoice (issue 30 layout)', () => {
  it('prints the seller with its tax and registration numbers, and the buyer’s company with its address and VAT number', async () => {
    const text = await invoiceText(baseOrder, { name: 'Ada Buyer', address: null }, [line()], null, null, { seller: SELLER, company: COMPANY });
    for (const s of [
      'Bulkparts B.V.',
      'Keizersgracht 1',
      '1015 CJ Amsterdam',
      'Netherlands',
      'VAT/Tax no.: NL123456789B01',
      'Company reg. no.: KvK 12345678',
    ]) {
      expect(text).toContain(s);
    }
    for (const s of ['Müller Maschinenbau GmbH', 'VAT no.: DE811907980', 'Werkstraße 5', 'Attn: Ada Buyer, buyer@example.com']) expect(text).toContain(s);
    // the lines' columns, the totals without a tax line when there is no tax, and paid
    for (const s of [
      'Quantity',
      'Unit price',
      'Tax',
      'Net',
      'HB-M8',
      '100 Ps',
      '$1.25',
      'Subtotal (net): $125.00',
      'Shipping: $0.00',
      'Total paid: $125.00',
      'Status: Paid',
    ]) {
      expect(text).toContain(s);
    }
    expect(text).not.toMatch(/Tax: \$0\.00/);
  });

  it('prints each line’s rate, shipping, the tax per rate and the total', () => {
    const order = {
      ...baseOrder,
      subtotal_cents: 15_000,
      shipping_cents: 1_000,
      shipping_method: JSON.stringify({ code: 'parcel', name: 'Parcel', kind: 'parcel' }),
      tax_cents: 3_465,
      tax_lines: JSON.stringify([
        { name: 'VAT 19%', rateBp: 1900, baseCents: 13_500, amountCents: 2_565 },
        { name: 'VAT 7%', rateBp: 700, baseCents: 2_500, amountCents: 175 },
      ]),
      total_cents: 19_465,
    } as unknown as OrderRow;
    const c = invoiceContent(
      order,
      { name: 'Ada Buyer', address: null },
      [
        line({ tax: tax({ rateBp: 1900, amountCents: 2375, name: 'VAT 19%' }) }),
        line({
          sku: 'MAN-1',
          product_name: 'Manual',
          quantity: 1,
          unit_price_e4: 250_000,
          line_total_cents: 2_500,
          tax: tax({ rateBp: 700, name: 'VAT 7%' }),
        }),
      ],
      null,
      null,
      { seller: SELLER },
    );
    expect(c.items.map((i) => i.tax)).toEqual(['19%', '7%']);
    expect(c.totals).toEqual([
      'Subtotal (net): $150.00',
      'Shipping (Parcel): $10.00',
      'VAT 19% on $135.00: $25.65',
      'VAT 7% on $25.00: $1.75',
      'Total paid: $194.65',
    ]);
    expect(c.taxNotes).toEqual([]);
  });

  it('a reverse-charge invoice shows both VAT numbers and the wording', async () => {
    const text = await invoiceText(
      baseOrder,
      { name: 'Ada Buyer', address: null },
      [line({ tax: tax({ rule: 'reverse_charge', name: 'VAT 0% (reverse charge)', evidence: '2026-11-20 WAPIAAAAW1234' }) })],
      null,
      null,
      { seller: SELLER, company: COMPANY },
    );
    expect(text).toContain('VAT/Tax no.: NL123456789B01');
    expect(text).toContain('VAT no.: DE811907980');
    expect(text).toContain('RC 0%');
    expect(text).toContain(REVERSE_CHARGE_WORDING);
  });

  it('an exempt order names its certificate; an export says so', async () => {
    const exempt = await invoiceText(
      baseOrder,
      { name: 'Ada Buyer', address: null },
      [line({ tax: tax({ rule: 'exempt', evidence: 'CERT-2026-0042', zone: 'US-CA' }) })],
      null,
      null,
      {
        seller: { ...SELLER, country: 'US', region: 'CA', taxNumber: null },
        company: COMPANY,
      },
    );
    expect(exempt).toContain('Exempt');
    expect(exempt).toContain(exemptionWording('CERT-2026-0042'));
    expect(exempt).not.toContain('VAT/Tax no.');
    const c = invoiceContent(baseOrder, { name: 'B', address: null }, [line({ tax: tax({ rule: 'export', zone: 'US' }) })], null, null, { seller: SELLER });
    expect(c.items[0]!.tax).toBe('Export 0%');
    expect(c.taxNotes).toEqual([EXPORT_WORDING]);
  });

  it('an invoice on account shows its due date until paid, then paid', () => {
    const due = { ...baseOrder, payment_method: 'account', status: 'invoiced', paid_at: null, due_date: '2026-12-24T10:00:00.000Z' } as unknown as OrderRow;
    const open = invoiceContent(due, { name: 'Ada', address: null }, [line()], null, { company: COMPANY, bankTransfer: 'IBAN NL00' }, { seller: SELLER });
    expect(open.meta).toContain('Due date: 2026-12-24');
    expect(open.totals.at(-1)).toBe('Total due: $125.00');
    const paid = invoiceContent(
      { ...due, status: 'delivered', paid_at: '2026-12-01T00:00:00.000Z' } as OrderRow,
      { name: 'Ada', address: null },
      [line()],
      null,
      {
        company: COMPANY,
        bankTransfer: 'IBAN NL00',
      },
    );
    expect(paid.meta).toContain('Status: Paid');
    expect(paid.totals.at(-1)).toBe('Total paid: $125.00');
  });
});

describe('the credit note (issue 30 seller block)', () => {
  it('prints the same seller block and the company’s VAT number', async () => {
    const doc = creditNoteDocument({
      number: 3,
      rmaNumber: 9,
      orderNumber: 'BP-001001',
      invoiceNumber: 7,
      createdAt: '2026-11-28T00:00:00.000Z',
      lines: [{ sku: 'HB-M8', name: 'Hex bolt M8', pieces: 10, unitPriceE4: 12_500, netCents: 1_250, taxCents: 238 }],
      netCents: 1_250,
      taxCents: 238,
      shippingCents: 0,
      totalCents: 1_488,
      method: 'account',
      billTo: { email: 'buyer@example.com', company: COMPANY.name, address: null },
      seller: sellerDocumentLines(SELLER),
      buyerTaxId: COMPANY.taxId,
    });
    const text = pdfText(await renderPrintedDocument(doc)).replace(/\s*\n\s*/g, ' ');
    for (const s of ['Bulkparts B.V.', 'VAT/Tax no.: NL123456789B01', 'Company reg. no.: KvK 12345678', 'VAT no.: DE811907980', 'Tax reversed: $2.38'])
      expect(text).toContain(s);
  });
});
