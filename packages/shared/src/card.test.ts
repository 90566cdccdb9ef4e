import { describe, expect, it } from 'vitest';
import { cardBrand, formatCardNumber, isExpiryInFuture, luhnValid, parseExpiry } from './card.js';

describe('card expiry', () => {
  it('reads MMYY, MM/YY and MM / YY alike', () => {
    for (const typed of ['1230', '12/30', '12 / 30', ' 12/ 30 ']) expect(parseExpiry(typed)).toEqual({ month: 12, year: 2030 });
  });

  it('refuses what is not a month and a two-digit year', () => {
    for (const typed of ['', '1330', '0030', '12/3', '123', '12-30', '12/2030', 'ab/cd']) expect(parseExpiry(typed)).toBeNull();
  });

  it('is valid through the last day of the expiry month', () => {
    const now = new Date(2030, 11, 31);
    expect(isExpiryInFuture('1230', now)).toBe(true);
    expect(isExpiryInFuture('11/30', now)).toBe(false);
  });
});

describe('card number grouping', () => {
  it('groups digits by four as they are typed, dropping anything else', () => {
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242-4242 42424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242 4242 4242 4242 4242')).toBe('4242 4242 4242 4242 424');
  });
});

describe('card number checks', () => {
  it('accepts numbers that pass the Luhn checksum, the gateway’s test cards among them', () => {
    for (const n of ['4242424242424242', '4000000000000002', '5555555555554444', '378282246310005']) expect(luhnValid(n)).toBe(true);
  });

  it('refuses a typo, grouped digits and empty input', () => {
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('4242 4242 4242 4242')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });

  it('names the brand from the leading digits', () => {
    expect(cardBrand('4242424242424242')).toBe('Visa');
    expect(cardBrand('5555555555554444')).toBe('Mastercard');
    expect(cardBrand('2223003122003222')).toBe('Mastercard');
    expect(cardBrand('378282246310005')).toBe('American Express');
    expect(cardBrand('6011111111111117')).toBe('Discover');
    expect(cardBrand('9999')).toBe('Card');
  });
});
