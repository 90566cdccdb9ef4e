import { describe, expect, it, vi } from 'vitest';
import { ApiClientError } from '@/lib/api-client';
import { addToLocalCart } from './api/cart-queries';
import { mergeLocalCart } from './merge-local-cart';

const cart = { lines: [], subtotal: 0, count: 0 };

describe('local cart', () => {
  it('sums the pieces of a product added twice', () => {
    const once = addToLocalCart([], { productId: 'p1', sku: 'A', quantity: 50 });
    const twice = addToLocalCart(once, { productId: 'p1', sku: 'A', quantity: 70 });
    expect(addToLocalCart(twice, { productId: 'p2', sku: 'B', quantity: 60 })).toEqual([
      { productId: 'p1', sku: 'A', quantity: 120 },
      { productId: 'p2', sku: 'B', quantity: 60 },
    ]);
  });
});

describe('merging the local cart at sign-in', () => {
  const local = [
    { productId: 'p1', sku: 'A', quantity: 50 },
    { productId: 'p2', sku: 'GONE', quantity: 60 },
    { productId: 'p3', sku: 'C', quantity: 70 },
  ];

  it('adds every line by SKU in one call', async () => {
    const add = vi.fn().mockResolvedValue(cart);
    expect(await mergeLocalCart(local, add)).toEqual({ cart, dropped: [] });
    expect(add).toHaveBeenCalledWith([
      { sku: 'A', quantity: 50 },
      { sku: 'GONE', quantity: 60 },
      { sku: 'C', quantity: 70 },
    ]);
  });

  it('drops the lines the server names and sends the rest again', async () => {
    const refused = new ApiClientError(400, 'VALIDATION_FAILED', 'nothing was added', {}, [{ index: 1, sku: 'GONE', message: 'No product has this SKU' }]);
    const add = vi.fn().mockRejectedValueOnce(refused).mockResolvedValueOnce(cart);
    expect(await mergeLocalCart(local, add)).toEqual({ cart, dropped: [{ sku: 'GONE', message: 'No product has this SKU' }] });
    expect(add).toHaveBeenLastCalledWith([
      { sku: 'A', quantity: 50 },
      { sku: 'C', quantity: 70 },
    ]);
  });

  it('keeps the local cart when the server cannot be reached', async () => {
    const add = vi.fn().mockRejectedValue(new ApiClientError(0, 'NETWORK', 'offline'));
    await expect(mergeLocalCart(local, add)).rejects.toThrow('offline');
  });

  it('gives up on a refusal no line explains (a full cart)', async () => {
    const add = vi.fn().mockRejectedValue(new ApiClientError(400, 'VALIDATION_FAILED', 'A cart holds at most 200 lines'));
    const outcome = await mergeLocalCart(local.slice(0, 1), add);
    expect(outcome).toEqual({ cart: null, dropped: [{ sku: 'A', message: 'A cart holds at most 200 lines' }] });
  });
});
