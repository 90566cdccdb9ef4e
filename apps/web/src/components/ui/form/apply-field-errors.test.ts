import { describe, expect, it, vi } from 'vitest';
import { ApiClientError } from '@/lib/api-client';
import { applyFieldErrors } from './apply-field-errors';

type Values = { name: string; price: number; img: string };

describe('applyFieldErrors', () => {
  it('puts every field message of an API error under its field and says so', () => {
    const setError = vi.fn();
    const err = new ApiClientError(400, 'VALIDATION', 'Check the fields', { name: 'Name is required', price: 'Price must be positive' });
    expect(applyFieldErrors<Values>(err, setError)).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['name', { type: 'server', message: 'Name is required' }, { shouldFocus: false }],
      ['price', { type: 'server', message: 'Price must be positive' }, { shouldFocus: false }],
    ]);
  });

  it('is false, touching nothing, for an error without field messages or that is not from the API', () => {
    const setError = vi.fn();
    expect(applyFieldErrors<Values>(new ApiClientError(402, 'DECLINED', 'Your card was declined.'), setError)).toBe(false);
    expect(applyFieldErrors<Values>(new Error('boom'), setError)).toBe(false);
    expect(applyFieldErrors<Values>(undefined, setError)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });

  it('keeps to the fields the form shows when told, so the caller can fall back to a form error', () => {
    const setError = vi.fn();
    const err = new ApiClientError(400, 'VALIDATION', 'Order refused', { productId: 'Unknown product' });
    expect(applyFieldErrors<{ quantity: string }>(err, setError, { only: ['quantity'] })).toBe(false);
    expect(setError).not.toHaveBeenCalled();

    const both = new ApiClientError(400, 'VALIDATION', 'Order refused', { productId: 'Unknown product', quantity: '❌ Minimum order 50 ps' });
    expect(applyFieldErrors<{ quantity: string }>(both, setError, { only: ['quantity'] })).toBe(true);
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith('quantity', { type: 'server', message: '❌ Minimum order 50 ps' }, { shouldFocus: false });
  });

  it('moves the focus to the first field only', () => {
    const setError = vi.fn();
    const err = new ApiClientError(400, 'VALIDATION', 'Check the fields', { name: 'Too long', img: 'Not a URL' });
    applyFieldErrors<Values>(err, setError, { shouldFocus: true });
    expect(setError.mock.calls.map(([name, , options]) => [name, options.shouldFocus])).toEqual([
      ['name', true],
      ['img', false],
    ]);
  });
});
