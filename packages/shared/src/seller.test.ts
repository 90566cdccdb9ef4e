import { describe, expect, it } from 'vitest';
import { countryName, isCountryCode, isTimeZone, sellerAddressLines, sellerDocumentLines, sellerFooterLines, sellerInputSchema } from './seller.js';

const VALID = {
  legalName: ' Bulkparts GmbH ',
  address: 'Hafenstraße 1\n20457 Hamburg',
  country: 'de',
  taxNumber: 'DE123456789',
  registrationNumber: '',
  email: 'billing@bulkparts.example',
  phone: '+49 40 123456',
  timeZone: 'Europe/Berlin',
};

describe('the seller record (issue 30)', () => {
  it('takes ISO countries (upper-cased), IANA zones; empty numbers are none', () => {
    expect(sellerInputSchema.parse(VALID)).toEqual({ ...VALID, legalName: 'Bulkparts GmbH', country: 'DE', region: null, registrationNumber: null });
    expect(isCountryCode('GB')).toBe(true);
    expect(isCountryCode('UK')).toBe(false);
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('Mars/Base')).toBe(false);
    const bad = sellerInputSchema.safeParse({ ...VALID, country: 'UK', timeZone: 'nowhere' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join('.'))).toEqual(['country', 'timeZone']);
  });

  it('prints the same lines everywhere: address lines then the country’s name; numbers when given', () => {
    expect(countryName('DE')).toBe('Germany');
    expect(sellerAddressLines({ address: '1 Industrial Way, Springfield', country: 'US' })).toEqual(['1 Industrial Way', 'Springfield', 'United States']);
    const seller = { ...sellerInputSchema.parse(VALID) };
    expect(sellerDocumentLines(seller)).toEqual([
      'Bulkparts GmbH',
      'Hafenstraße 1',
      '20457 Hamburg',
      'Germany',
      'VAT/Tax no.: DE123456789',
      'billing@bulkparts.example',
      '+49 40 123456',
    ]);
    expect(sellerFooterLines(seller)).toEqual([
      'Bulkparts GmbH, Hafenstraße 1, 20457 Hamburg, Germany',
      'billing@bulkparts.example · +49 40 123456',
      'VAT/Tax no.: DE123456789',
    ]);
  });
});
