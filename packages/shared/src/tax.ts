import { countryCode, EU_COUNTRIES, vatNumberCountry } from './countries.js';

/**
 * Issue 30: how a line's tax is decided (ADR 0034), once for the server's placement and the web's
 * checkout. Pure: no clock, no I/O; rates in basis points (19% = 1900), amounts in integer cents,
 * each line's tax rounded half up to the cent once.
 */

export const TAX_CLASSES = ['standard', 'reduced', 'zero', 'exempt'] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];
export const TAX_CLASS_LABELS: Record<TaxClass, string> = { standard: 'Standard', reduced: 'Reduced', zero: 'Zero-rated', exempt: 'Exempt' };

/** `standard`: the destination's rate for the product's class (0 for `zero`/`exempt` classes unless a rate is set). */
export const TAX_RULES = ['standard', 'exempt', 'reverse_charge', 'export'] as const;
export type TaxRule = (typeof TAX_RULES)[number];

export const REVERSE_CHARGE_WORDING = 'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC)';
export const EXPORT_WORDING = "Export outside the seller's VAT area: zero-rated";
export function exemptionWording(certificateNumber: string): string {
  return `Exempt from tax: exemption certificate ${certificateNumber}`;
}

/** A line's tax as decided when the order was placed (kept on the line, so an invoice reprints as it was). */
export interface LineTax {
  rule: TaxRule;
  rateBp: number;
  amountCents: number;
  /** 'DE', 'US-CA'. */
  zone: string;
  /** 'VAT 19%'. */
  name: string;
  /** The exemption certificate's number, or the VAT check's date and identifier; null otherwise. */
  evidence: string | null;
}

/** A rate an admin set (or the shop shipped with): per country, optionally per region, per class. */
export interface TaxRate {
  country: string;
  region: string | null;
  taxClass: TaxClass;
  rateBp: number;
  name: string;
}

export interface TaxExemption {
  certificateNumber: string;
  country: string;
  region: string | null;
  /** `YYYY-MM-DD`, the last day it holds. */
  expiresOn: string;
}

export const VAT_CHECK_STATUSES = ['valid', 'invalid', 'unverified'] as const;
export type VatCheckStatus = (typeof VAT_CHECK_STATUSES)[number];
export interface VatCheck {
  status: VatCheckStatus;
  checkedAt: string | null;
  requestIdentifier: string | null;
}

/** Everything a line's tax depends on besides the line: who sells, where it goes, who buys, the rates there, today. */
export interface TaxContext {
  /** ISO 3166 alpha-2 ('DE', 'GB', 'US'). */
  sellerCountry: string;
  sellerVatNumber: string | null;
  /** The ship-to (country as typed or ISO code, region as a code); null: the seller's country. */
  destination: { country: string; region?: string | null | undefined } | null;
  /** The buyer's company (null: a buyer in no company). */
  buyer: { vatNumber: string | null; vatCheck: VatCheck | null; exemption: TaxExemption | null } | null;
  /** The rates that may apply (at least the destination's). */
  rates: readonly TaxRate[];
  /** `YYYY-MM-DD`: an exemption expiring before it no longer holds. */
  today: string;
}

/** The seller's tax area: the EU for an EU seller, else its own country. */
export function taxAreaOf(country: string): readonly string[] {
  return EU_COUNTRIES.includes(country) ? EU_COUNTRIES : [country];
}

/** Where the goods go, as codes: the ship-to's, or the seller's country without one. */
export function taxDestination(ctx: Pick<TaxContext, 'destination' | 'sellerCountry'>): { country: string; region: string | null } {
  if (!ctx.destination) return { country: ctx.sellerCountry, region: null };
  const region = ctx.destination.region?.trim().toUpperCase() || null;
  return { country: countryCode(ctx.destination.country), region };
}

export function zoneOf(d: { country: string; region: string | null }): string {
  return d.region ? `${d.country}-${d.region}` : d.country;
}

/** The destination's rate for a class: its region's, else its country's, else 0. */
export function rateFor(rates: readonly TaxRate[], country: string, region: string | null, taxClass: TaxClass): { rateBp: number; name: string } {
  const ofClass = rates.filter((r) => r.country === country && r.taxClass === taxClass);
  const hit = (region && ofClass.find((r) => r.region === region)) || ofClass.find((r) => r.region === null);
  return hit ? { rateBp: hit.rateBp, name: hit.name } : { rateBp: 0, name: 'No tax' };
}

/** Tax on a net amount, rounded half up to the cent (integers only: net × bp / 10,000). */
export function taxOn(netCents: number, rateBp: number): number {
  return Math.floor((netCents * rateBp + 5000) / 10000);
}

/** '19%', '5.5%': a rate in basis points as people read it. */
export function formatRate(rateBp: number): string {
  return `${rateBp / 100}%`;
}

/** Whether an exemption certificate covers the destination today. */
export function exemptionHolds(e: TaxExemption | null | undefined, d: { country: string; region: string | null }, today: string): boolean {
  if (!e) return false;
  if (countryCode(e.country) !== d.country) return false;
  if (e.region && e.region.toUpperCase() !== d.region) return false;
  return e.expiresOn >= today;
}

/**
 * The one decision per line (ADR 0034), in this order: an exemption certificate for the
 * destination; an EU seller's reverse charge to a verified VAT number in another member state;
 * export outside the seller's tax area; else the destination's rate for the product's class.
 */
export function decideLineTax(ctx: TaxContext, taxClass: TaxClass, netCents: number): LineTax {
  const dest = taxDestination(ctx);
  const zone = zoneOf(dest);
  const zero = (rule: TaxRule, name: string, evidence: string | null): LineTax => ({ rule, rateBp: 0, amountCents: 0, zone, name, evidence });
  const exemption = ctx.buyer?.exemption;
  if (exemption && exemptionHolds(exemption, dest, ctx.today)) return zero('exempt', 'Exempt', exemption.certificateNumber);
  const seller = countryCode(ctx.sellerCountry);
  const check = ctx.buyer?.vatCheck;
  const buyerVatCountry = ctx.buyer?.vatNumber ? vatNumberCountry(ctx.buyer.vatNumber) : null;
  if (
    EU_COUNTRIES.includes(seller) &&
    EU_COUNTRIES.includes(dest.country) &&
    dest.country !== seller &&
    check?.status === 'valid' &&
    buyerVatCountry !== null &&
    buyerVatCountry !== seller
  ) {
    return zero('reverse_charge', 'Reverse charge', `VAT check ${check.checkedAt ?? ''} ${check.requestIdentifier ?? ''}`.trim());
  }
  if (!taxAreaOf(seller).includes(dest.country)) return zero('export', 'Export', null);
  const { rateBp, name } = rateFor(ctx.rates, dest.country, dest.region, taxClass);
  return { rule: 'standard', rateBp, amountCents: taxOn(netCents, rateBp), zone, name, evidence: null };
}

/**
 * The wording an invoice prints for the rules its lines were taxed by (exemption, reverse charge,
 * export): from the kept `LineTax` or an order answer's line `tax` alike (only the rule and evidence count).
 */
export function taxWordings(lines: readonly (Pick<LineTax, 'rule' | 'evidence'> | null | undefined)[]): string[] {
  const out: string[] = [];
  for (const t of lines) {
    if (!t) continue;
    const w =
      t.rule === 'exempt' && t.evidence
        ? exemptionWording(t.evidence)
        : t.rule === 'reverse_charge'
          ? REVERSE_CHARGE_WORDING
          : t.rule === 'export'
            ? EXPORT_WORDING
            : null;
    if (w && !out.includes(w)) out.push(w);
  }
  return out;
}
