import { z } from 'zod';
import { PHONE_PATTERN } from './schemas/phone.js';

/**
 * The seller (issue 30, ADR 0036): one record naming who sells, printed on every invoice, quote,
 * credit note and packing slip, in the mails' footer and on the Contact and About pages, so that
 * they all name the same company at the same address. Its country is the seller's tax country.
 */

/** ISO 3166-1 alpha-2 codes (officially assigned), so a typo such as `UK` is refused (the code is `GB`). */
export const ISO_COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH ' +
  'CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN ' +
  'GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI ' +
  'LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM ' +
  'PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD ' +
  'TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
const COUNTRY_SET = new Set(ISO_COUNTRY_CODES);

export const isCountryCode = (code: string): boolean => COUNTRY_SET.has(code);

/** A country's English name from its code ('DE' → 'Germany'); the code itself where the runtime has no name for it. */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Whether the runtime knows an IANA time zone ('Europe/Berlin'). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const SELLER_NAME_MAX_LENGTH = 200;
export const SELLER_ADDRESS_MAX_LENGTH = 300;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
/** Optional text: '' and null both mean none (answered as null). */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** The record as answered by `GET /api/settings/seller` (admins). `updatedAt` null: never saved, the environment's values. */
export const sellerSchema = z.object({
  legalName: z.string(),
  /** The postal address without the country, one part a line (street, postal code and city…). */
  address: z.string(),
  /** A region within the country where it matters for tax (a US state, 'CA'), else null. */
  region: z.string().nullable(),
  /** ISO 3166-1 alpha-2: the seller's tax country. */
  country: z.string(),
  /** The seller's VAT or sales-tax registration number, printed on invoices. */
  taxNumber: z.string().nullable(),
  /** The company registration number (e.g. Companies House, Handelsregister). */
  registrationNumber: z.string().nullable(),
  email: z.string(),
  phone: z.string(),
  /** IANA time zone of the dispatching warehouse (dispatch cut-off). */
  timeZone: z.string(),
  updatedAt: z.string().nullable(),
});
export type Seller = z.infer<typeof sellerSchema>;

/** What anyone may read (the Contact and About pages, through `GET /api/auth-config`'s `contact`). */
export const publicSellerSchema = sellerSchema.pick({ legalName: true, address: true, country: true, email: true, phone: true });
export type PublicSeller = z.infer<typeof publicSellerSchema>;

/** `PUT /api/settings/seller` (admins): every field but `updatedAt`; optional numbers may be '' or null. */
export const sellerInputSchema = z.object({
  legalName: text('Legal name', SELLER_NAME_MAX_LENGTH),
  address: text('Address', SELLER_ADDRESS_MAX_LENGTH),
  region: optionalText('Region', 10).refine((v) => v === null || /^[A-Za-z0-9-]{1,10}$/.test(v), 'Region must be a short code, e.g. CA'),
  country: z.string({ error: 'Country is required' }).trim().toUpperCase().refine(isCountryCode, 'Country must be a two-letter ISO 3166 code, e.g. DE or GB'),
  taxNumber: optionalText('Tax number', 40).refine(
    (v) => v === null || /^[A-Za-z0-9 .-]+$/.test(v),
    'Tax number may hold letters, digits, spaces, dots and hyphens',
  ),
  registrationNumber: optionalText('Registration number', 60),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .max(200, 'Email must be at most 200 characters')
    .regex(/^[^\s@]+@[^\s@]+$/, 'Enter an email address'),
  phone: z.string({ error: 'Phone is required' }).trim().regex(PHONE_PATTERN, 'Enter a phone number: digits, spaces, +, - and ()'),
  timeZone: z
    .string({ error: 'Time zone is required' })
    .trim()
    .max(64, 'Time zone must be at most 64 characters')
    .refine(isTimeZone, 'Time zone must be an IANA zone, e.g. Europe/Berlin'),
});
export type SellerInputValues = z.input<typeof sellerInputSchema>;
export type SellerInput = z.output<typeof sellerInputSchema>;

/** The address as lines a person reads: each line of the address, then the country's name. */
export function sellerAddressLines(s: Pick<Seller, 'address' | 'country'>): string[] {
  const lines = s.address
    .split(/\r?\n|,(?=\s)/)
    .map((l) => l.trim())
    .filter(Boolean);
  return [...lines, countryName(s.country)];
}

/** The seller block of a document: name, address, tax and registration numbers, email, phone. */
export function sellerDocumentLines(s: Omit<Seller, 'updatedAt' | 'timeZone' | 'region'>): string[] {
  return [
    s.legalName,
    ...sellerAddressLines(s),
    ...(s.taxNumber ? [`VAT/Tax no.: ${s.taxNumber}`] : []),
    ...(s.registrationNumber ? [`Company reg. no.: ${s.registrationNumber}`] : []),
    s.email,
    s.phone,
  ];
}

/** The seller's footer under every mail: who sends it, from where, and how to reach them. */
export function sellerFooterLines(s: Omit<Seller, 'updatedAt' | 'timeZone' | 'region'>): string[] {
  return [
    `${s.legalName}, ${sellerAddressLines(s).join(', ')}`,
    `${s.email} · ${s.phone}`,
    ...(s.taxNumber ? [`VAT/Tax no.: ${s.taxNumber}`] : []),
    ...(s.registrationNumber ? [`Company reg. no.: ${s.registrationNumber}`] : []),
  ];
}
