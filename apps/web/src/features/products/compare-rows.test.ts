import { describe, expect, it } from 'vitest';
import type { Product } from '@bulkparts/shared';
import { compareRows } from './compare-rows';
import { toggledCompare } from './compare-store';

const product = (sku: string, attributes: Record<string, string>, extra: Partial<Product> = {}): Product => ({
  _id: sku,
  sku,
  name: sku,
  description: '',
  brand: 'Acme',
  category: null,
  attributes,
  price: 0.18,
  minimumOrderQuantity: 50,
  availableQuantity: 1000,
  img: '',
  images: [],
  archived: false,
  priceTiers: [],
  orderMultiple: 1,
  lowStockThreshold: null,
  backorder: { allowed: false, leadTimeDays: null, nextRestockDate: null },
  unspsc: null,
  weightKg: null,
  ...extra,
});

describe('comparing products', () => {
  it('aligns every specification by name, marks the rows that differ, and says none where one is missing', () => {
    const rows = compareRows([
      product('HB-M8', { Thread: 'M8', Length: '40 mm', Material: 'Steel' }),
      product('HB-M10', { Thread: 'M10', Length: '40 mm' }, { priceTiers: [{ minQuantity: 500, price: 0.15 }] }),
      product('HB-M12', { Thread: 'M12', Material: 'Steel' }),
    ]);
    const by = Object.fromEntries(rows.map((r) => [r.label, r]));
    expect(by.Thread).toEqual({ label: 'Thread', values: ['M8', 'M10', 'M12'], differs: true, spec: true });
    expect(by.Length).toEqual({ label: 'Length', values: ['40 mm', '40 mm', '—'], differs: true, spec: true });
    expect(by['Brand']).toMatchObject({ values: ['Acme', 'Acme', 'Acme'], differs: false });
    expect(by['First quantity break']!.values).toEqual(['—', '$0.15 from 500 Ps', '—']);
    expect(rows.filter((r) => r.spec).map((r) => r.label)).toEqual(['Length', 'Material', 'Thread']);
  });

  it('holds at most four products', () => {
    expect(toggledCompare(['a', 'b', 'c', 'd'], 'e')).toEqual(['a', 'b', 'c', 'd']);
    expect(toggledCompare(['a', 'b'], 'a')).toEqual(['b']);
    expect(toggledCompare(['a'], 'b')).toEqual(['a', 'b']);
  });
});
