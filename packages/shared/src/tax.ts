/**
 * Issue 30: the tax vocabulary the documents print (helper B owns the decisions and rates in this
 * file; the documents only need the rule names, a line's tax as decided, and the wording).
 */
export type TaxRule = 'standard' | 'exempt' | 'reverse_charge' | 'export';

/** A line's tax as decided when the order was placed (kept on the line so an invoice reprints as it was). */
export interface LineTax {
  rule: TaxRule;
  /** Basis points: 19% = 1900. */
  rateBp: number;
  amountCents: number;
  /** 'DE', 'US-CA'. */
  zone: string;
  /** 'VAT 19%'. */
  name: string;
  /** The exemption certificate's number, or the VAT check's date and identifier. */
  evidence: string | null;
}

export interface OrderTotals {
  subtotalCents: number;
  shippingCents: number;
  tax: { name: string; rateBp: number; baseCents: number; amountCents: number }[];
  taxTotalCents: number;
  totalCents: number;
}

export const REVERSE_CHARGE_WORDING = 'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC)';
export const EXPORT_WORDING = "Export outside the seller's VAT area: zero-rated";
export const exemptionWording = (certificateNumber: string) => `Exempt from tax: exemption certificate ${certificateNumber}`;
