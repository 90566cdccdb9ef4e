import type { Product } from '@bulkparts/shared';
import { signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import type { TestApp } from '../helpers/test-app.js';

/** The small known catalogue the search and facet tests share, and the filter rules applied to it in memory. */
export const CATEGORIES = [
  { slug: 'fasteners', parent: null },
  { slug: 'bolts', parent: 'fasteners' },
  { slug: 'hex-bolts', parent: 'bolts' },
  { slug: 'carriage-bolts', parent: 'bolts' },
  { slug: 'nuts', parent: 'fasteners' },
  { slug: 'bearings', parent: null },
];

export interface Part {
  sku: string;
  name: string;
  brand: string;
  category: string | null;
  attributes: Record<string, string>;
  price: number;
  minimumOrderQuantity: number;
  availableQuantity: number;
  description?: string;
}

export const CATALOGUE: Part[] = [
  {
    sku: 'HB-M8-40',
    name: 'Hex Bolt M8x40',
    brand: 'Acme',
    category: 'hex-bolts',
    attributes: { Thread: 'M8', Material: 'Steel' },
    price: 0.18,
    minimumOrderQuantity: 50,
    availableQuantity: 10000,
  },
  {
    sku: 'HB-M10-50',
    name: 'Hex Bolt M10x50',
    brand: 'Acme',
    category: 'hex-bolts',
    attributes: { Thread: 'M10', Material: 'Stainless' },
    price: 0.25,
    minimumOrderQuantity: 50,
    availableQuantity: 5000,
  },
  {
    sku: 'CB-M8-30',
    name: 'Carriage Bolt M8x30',
    brand: 'Bolty',
    category: 'carriage-bolts',
    attributes: { Thread: 'M8', Material: 'Zinc' },
    price: 0.3,
    minimumOrderQuantity: 50,
    availableQuantity: 40,
  },
  {
    sku: 'HN-M8',
    name: 'Hex Nut M8',
    brand: 'Acme',
    category: 'nuts',
    attributes: { Thread: 'M8', Material: 'Steel' },
    price: 0.05,
    minimumOrderQuantity: 200,
    availableQuantity: 100000,
  },
  {
    sku: 'WS-M8',
    name: 'Washer M8',
    brand: 'Nutco',
    category: 'fasteners',
    attributes: { Thread: 'M8' },
    price: 0.02,
    minimumOrderQuantity: 200,
    availableQuantity: 100,
  },
  {
    sku: 'BB-6204',
    name: 'Ball Bearing 6204',
    brand: 'Skf',
    category: 'bearings',
    attributes: { Bore: '20 mm', Material: 'Steel' },
    price: 3.5,
    minimumOrderQuantity: 50,
    availableQuantity: 1000,
  },
  {
    sku: 'BB-608',
    name: 'Groove Bearing 608',
    brand: 'Skf',
    category: 'bearings',
    attributes: { Bore: '8 mm' },
    price: 2,
    minimumOrderQuantity: 50,
    availableQuantity: 60,
    description: 'Fits a hex shaft adapter',
  },
  {
    sku: 'TOOL-1',
    name: 'Bolt Cutter',
    brand: '',
    category: null,
    attributes: {},
    price: 45,
    minimumOrderQuantity: 50,
    availableQuantity: 500,
    description: 'Cuts hex bolts up to M10',
  },
  {
    sku: 'M8',
    name: 'Threaded Rod',
    brand: 'Rodco',
    category: null,
    attributes: { Thread: 'M8' },
    price: 1.2,
    minimumOrderQuantity: 50,
    availableQuantity: 500,
  },
];
/** Filed under hex-bolts with thread M8, then archived: only admins asking for archived ones see it. */
export const ARCHIVED: Part = {
  sku: 'OLD-HB',
  name: 'Hex Bolt Old Stock',
  brand: 'Acme',
  category: 'hex-bolts',
  attributes: { Thread: 'M8' },
  price: 0.1,
  minimumOrderQuantity: 50,
  availableQuantity: 1000,
};

export const idBySku = new Map<string, string>();

export async function createCatalogue(app: TestApp): Promise<SignedInUser> {
  const now = new Date().toISOString();
  for (const [i, c] of CATEGORIES.entries()) {
    await app.database.db
      .insertInto('categories')
      .values({ slug: c.slug, name: c.slug, parent: c.parent, position: i, created_at: now, updated_at: now })
      .execute();
  }
  const a = await signUpAdmin(app.app);
  for (const p of [...CATALOGUE, ARCHIVED]) {
    const res = await app.app.inject({ method: 'POST', url: '/api/service', headers: { cookie: a.cookie }, payload: { ...p, img: '/images/products/x.webp' } });
    if (res.statusCode !== 201) throw new Error(`create ${p.sku}: ${res.statusCode} ${res.body}`);
    idBySku.set(p.sku, (res.json() as Product)._id);
  }
  const archive = await app.app.inject({
    method: 'PATCH',
    url: `/api/service/${idBySku.get(ARCHIVED.sku)}`,
    headers: { cookie: a.cookie },
    payload: { archived: true },
  });
  if (archive.statusCode !== 200) throw new Error(`archive: ${archive.body}`);
  return a;
}

export const under = (slug: string) => {
  const inside = new Set([slug]);
  for (let grew = true; grew;) {
    grew = false;
    for (const c of CATEGORIES) if (c.parent && inside.has(c.parent) && !inside.has(c.slug)) grew = inside.add(c.slug).size > 0;
  }
  return (p: Part) => p.category !== null && inside.has(p.category);
};
export const inStock = (p: Part) => p.availableQuantity >= Math.max(50, p.minimumOrderQuantity);
/** The catalogue's SKUs in featured (creation) order that pass every predicate. */
export const expected = (...tests: ((p: Part) => boolean)[]) => CATALOGUE.filter((p) => tests.every((f) => f(p))).map((p) => p.sku);
