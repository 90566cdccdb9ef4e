import { describe, expect, it } from 'vitest';
import { cartWeight, cartWeightText } from './cart-weight.js';

describe('cart weight', () => {
  it('adds the pieces of the lines with a weight and counts those without', () => {
    const w = cartWeight([{ quantity: 1000, weightKg: 0.0125 }, { quantity: 50, weightKg: 2 }, { quantity: 100, weightKg: null }, { quantity: 100 }]);
    expect(w).toEqual({ kg: 112.5, unknown: 2 });
    expect(cartWeightText(w, 4)).toBe('112.5 kg + 2 lines without a weight');
    expect(cartWeightText({ kg: 1250, unknown: 0 }, 3)).toBe('1,250 kg');
    expect(cartWeightText(cartWeight([{ quantity: 5, weightKg: null }]), 1)).toBe('Weight not given');
  });
});
