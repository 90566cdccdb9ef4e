import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';
import {
  effectiveMinimum,
  formatQuantity,
  isMultipleOf,
  lineQuantityMax,
  minimumOrderMessage,
  orderMultipleMessage,
  parseQuantityInput,
  quantityError,
  quantityInputError,
  smallestOrder,
  stockErrorMessage,
  unavailableReason,
} from './quantity.js';

const product = (minimumOrderQuantity: number, availableQuantity = 5000, archived = false) => ({ minimumOrderQuantity, availableQuantity, archived });

describe('minimum order', () => {
  it('speaks with one voice: the higher minimum, in the spec style', () => {
    const p = product(100);
    expect(quantityError(49, p)).toBe('❌ Minimum order 100 ps');
    expect(quantityError(50, p)).toBe('❌ Minimum order 100 ps');
    expect(quantityError(99, p)).toBe('❌ Minimum order 100 ps');
    expect(quantityError(100, p)).toBeNull();
  });

  it("keeps the spec's text when the product's minimum is the shop's", () => {
    expect(quantityError(49, product(50))).toBe(MESSAGES.quantityMin);
    expect(quantityError(49)).toBe(MESSAGES.quantityMin);
    expect(minimumOrderMessage(50)).toBe('❌ Minimum order 50 ps');
    expect(minimumOrderMessage(1000)).toBe('❌ Minimum order 1,000 ps');
  });

  it('then the maximum and the stock', () => {
    expect(quantityError(1001, product(50))).toBe(MESSAGES.quantityMax);
    expect(quantityError(300, product(50, 250))).toBe('Only 250 Ps left in stock');
  });
});

describe('typed quantities', () => {
  it('accepts digits only', () => {
    expect(parseQuantityInput(' 120 ')).toBe(120);
    for (const typed of ['1e3', '1.5', '-50', '0x64', '', '12 0', '+100']) expect(parseQuantityInput(typed)).toBeNull();
  });

  it('says what is wrong with what was typed', () => {
    expect(quantityInputError('', product(50))).toBe(MESSAGES.quantityRequired);
    expect(quantityInputError('1e3', product(50))).toBe('Quantity must be a whole number of pieces');
    expect(quantityInputError('60', product(100))).toBe('❌ Minimum order 100 ps');
    expect(quantityInputError('150', product(100))).toBeNull();
  });
});

describe('orderability', () => {
  it('names why a product cannot be ordered', () => {
    expect(unavailableReason(product(50, 0))).toBe('Out of stock');
    expect(unavailableReason(product(50, 30))).toBe('Only 30 Ps left, below the minimum order of 50');
    expect(unavailableReason(product(100, 60))).toBe('Only 60 Ps left, below the minimum order of 100');
    expect(unavailableReason(product(50, 5000, true))).toBe('This product is no longer available');
    expect(unavailableReason(product(100, 100))).toBeNull();
  });
});

describe('formatQuantity', () => {
  it('separates thousands', () => {
    expect(formatQuantity(25000)).toBe('25,000 Ps');
    expect(formatQuantity(50)).toBe('50 Ps');
  });
});

describe('stock and minimum', () => {
  it('never asks for fewer than the shop-wide minimum', () => {
    expect(effectiveMinimum({ minimumOrderQuantity: 1 })).toBe(50);
    expect(effectiveMinimum({ minimumOrderQuantity: 250 })).toBe(250);
  });

  it('says how much stock is left, in counted pieces', () => {
    expect(stockErrorMessage(0)).toBe('This product is out of stock');
    expect(stockErrorMessage(1200)).toBe('Only 1,200 Ps left in stock');
  });
});

describe('pack multiples (orderMultiple)', () => {
  const packed = (orderMultiple: number, minimumOrderQuantity = 50, availableQuantity = 5000) => ({ minimumOrderQuantity, availableQuantity, orderMultiple });

  it('refuses a quantity off the multiple, in one message', () => {
    expect(quantityError(75, packed(25))).toBeNull();
    expect(quantityError(76, packed(25))).toBe('Order in multiples of 25 Ps');
    expect(quantityError(1000, packed(25))).toBeNull();
    expect(orderMultipleMessage(1000)).toBe('Order in multiples of 1,000 Ps');
  });

  it('comes after the minimum and the maximum, before the stock', () => {
    expect(quantityError(30, packed(25))).toBe(MESSAGES.quantityMin);
    expect(quantityError(1010, packed(10))).toBe(MESSAGES.quantityMax);
    expect(quantityError(130, packed(25, 50, 120))).toBe('Order in multiples of 25 Ps');
    expect(quantityError(150, packed(25, 50, 120))).toBe('Only 120 Ps left in stock');
  });

  it('means nothing at 1 or absent', () => {
    expect(isMultipleOf(77, 1)).toBe(true);
    expect(isMultipleOf(77, undefined)).toBe(true);
    expect(isMultipleOf(77, 0)).toBe(true);
    expect(isMultipleOf(75, 25)).toBe(true);
    expect(isMultipleOf(74, 25)).toBe(false);
    expect(quantityError(77, packed(1))).toBeNull();
    expect(quantityInputError('76', packed(25))).toBe('Order in multiples of 25 Ps');
  });

  it('lineQuantityMax: 1000 down to the multiple (what a reorder adds up to)', () => {
    expect(lineQuantityMax(undefined)).toBe(1000);
    expect(lineQuantityMax(1)).toBe(1000);
    expect(lineQuantityMax(25)).toBe(1000);
    expect(lineQuantityMax(300)).toBe(900);
    expect(lineQuantityMax(600)).toBe(600);
    expect(quantityError(lineQuantityMax(300), packed(300))).toBeNull();
  });

  it('smallestOrder: the minimum rounded up to the multiple', () => {
    expect(smallestOrder({ minimumOrderQuantity: 50 })).toBe(50);
    expect(smallestOrder({ minimumOrderQuantity: 50, orderMultiple: 25 })).toBe(50);
    expect(smallestOrder({ minimumOrderQuantity: 60, orderMultiple: 25 })).toBe(75);
    expect(smallestOrder({ minimumOrderQuantity: 10, orderMultiple: 1 })).toBe(50);
    expect(smallestOrder({ minimumOrderQuantity: 50, orderMultiple: 40 })).toBe(80);
    expect(smallestOrder({ minimumOrderQuantity: 900, orderMultiple: 600 })).toBe(1200);
  });

  it('unavailableReason counts the smallest order, not the bare minimum', () => {
    expect(unavailableReason({ minimumOrderQuantity: 60, availableQuantity: 74, orderMultiple: 25 })).toBe('Only 74 Ps left, below the minimum order of 75');
    expect(unavailableReason({ minimumOrderQuantity: 60, availableQuantity: 75, orderMultiple: 25 })).toBeNull();
    expect(unavailableReason({ minimumOrderQuantity: 60, availableQuantity: 0, orderMultiple: 25 })).toBe('Out of stock');
  });
});
