/**
 * Issue 30: countries as tax sees them. A ship-to's country is free text ('Germany', 'UK', 'DE'):
 * `countryCode` reads it as an ISO 3166 alpha-2 code; an unknown name stays as typed (upper case),
 * so it matches no rate and lies outside every seller's tax area.
 */

/** The EU member states (tax area of an EU seller). */
export const EU_COUNTRIES: readonly string[] = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
]; // prettier-ignore

const NAMES: Record<string, string> = {
  austria: 'AT',
  belgium: 'BE',
  bulgaria: 'BG',
  croatia: 'HR',
  cyprus: 'CY',
  'czech republic': 'CZ',
  czechia: 'CZ',
  denmark: 'DK',
  estonia: 'EE',
  finland: 'FI',
  france: 'FR',
  germany: 'DE',
  deutschland: 'DE',
  greece: 'GR',
  hungary: 'HU',
  ireland: 'IE',
  italy: 'IT',
  latvia: 'LV',
  lithuania: 'LT',
  luxembourg: 'LU',
  malta: 'MT',
  netherlands: 'NL',
  'the netherlands': 'NL',
  holland: 'NL',
  poland: 'PL',
  portugal: 'PT',
  romania: 'RO',
  slovakia: 'SK',
  slovenia: 'SI',
  spain: 'ES',
  sweden: 'SE',
  'united kingdom': 'GB',
  uk: 'GB',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'united states': 'US',
  'united states of america': 'US',
  usa: 'US',
  canada: 'CA',
  switzerland: 'CH',
  norway: 'NO',
  australia: 'AU',
  japan: 'JP',
  china: 'CN',
  mexico: 'MX',
};

/** 'Germany' → 'DE', 'uk' → 'GB', 'de' → 'DE'; an unknown name upper-cased as typed. */
export function countryCode(text: string): string {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  const named = NAMES[t];
  if (named) return named;
  if (/^[a-z]{2}$/.test(t)) return t === 'uk' ? 'GB' : t === 'el' ? 'GR' : t.toUpperCase();
  return t.toUpperCase();
}

/** A VAT number as compared and sent: upper case, without spaces, dots or dashes. */
export function normalizeVatNumber(text: string): string {
  return text.replace(/[\s.-]/g, '').toUpperCase();
}

/** A VAT number's format: two letters of a country, then 2 to 13 letters or digits. */
export function vatNumberFormatOk(text: string): boolean {
  return /^[A-Z]{2}[0-9A-Z+*]{2,13}$/.test(normalizeVatNumber(text));
}

/** The country a VAT number belongs to (its prefix; Greece's is 'EL'), or null when the format is wrong. */
export function vatNumberCountry(text: string): string | null {
  if (!vatNumberFormatOk(text)) return null;
  const prefix = normalizeVatNumber(text).slice(0, 2);
  return prefix === 'EL' ? 'GR' : prefix === 'XI' ? 'GB' : prefix;
}

/** The prefix VIES expects for a country ('GR' → 'EL'). */
export function vatPrefixOf(country: string): string {
  return country === 'GR' ? 'EL' : country;
}
