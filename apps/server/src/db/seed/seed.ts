import { centsToE4 } from '@bulkparts/shared';
import type { Database } from '../database.js';
import { newId } from '../../lib/ids.js';
import { DEMO_CATEGORIES, DEMO_PRODUCTS, DEMO_REVIEWS, DEMO_SHIPPING_METHODS, DEMO_UNSPSC, DEMO_WEIGHT_GRAMS } from './demo-catalog.js';

/** Issue 31: the demo's second warehouse, holding some pieces of the last products of the catalogue. */
export const DEMO_SECOND_WAREHOUSE = {
  code: 'EAST',
  name: 'East distribution centre',
  address: { name: 'Bulkparts East', line1: '40 Harbour Road', city: 'Newark', postalCode: '07105', country: 'United States' },
  products: 12,
  pieces: 400,
} as const;

/**
 * Seeds the demo catalogue once per database. The marker row's primary key makes it safe when
 * several instances start together on one PostgreSQL: only the first insert wins.
 */
export async function seedDemoData(database: Database): Promise<boolean> {
  const { db } = database;
  try {
    return await db.transaction().execute(async (trx) => {
      const marker = await trx.selectFrom('sequences').select('name').where('name', '=', 'demo_seed').executeTakeFirst();
      if (marker) return false;
      await trx.insertInto('sequences').values({ name: 'demo_seed', value: 1 }).execute();
      const existing = await trx.selectFrom('products').select('id').limit(1).executeTakeFirst();
      if (existing) return false;
      const base = Date.now() - DEMO_PRODUCTS.length * 60_000;
      const seededAt = new Date(base).toISOString();
      await trx
        .insertInto('categories')
        .values(DEMO_CATEGORIES.map((c, i) => ({ slug: c.slug, name: c.name, parent: c.parent, position: i + 1, created_at: seededAt, updated_at: seededAt })))
        .execute();
      // Issue 31: the demo shop has a second warehouse, holding part of the stock of the first products.
      const second = { id: newId(), code: DEMO_SECOND_WAREHOUSE.code, name: DEMO_SECOND_WAREHOUSE.name };
      await trx
        .insertInto('warehouses')
        .values({ ...second, address: JSON.stringify(DEMO_SECOND_WAREHOUSE.address), is_default: 0, created_at: seededAt, updated_at: seededAt })
        .execute();
      const ids = DEMO_PRODUCTS.map(() => newId());
      // The last products of the catalogue (the first ones keep one warehouse: their figure is the product form's, as before).
      const east = DEMO_PRODUCTS.length - DEMO_SECOND_WAREHOUSE.products;
      const eastStock = (i: number) => (i >= east ? DEMO_SECOND_WAREHOUSE.pieces : 0);
      await trx
        .insertInto('products')
        .values(
          DEMO_PRODUCTS.map((p, i) => {
            const at = new Date(base + i * 60_000).toISOString();
            return {
              id: ids[i]!,
              position: i + 1,
              name: p.name,
              name_lower: p.name.toLowerCase(),
              description: p.description,
              // The demo catalogue is written in cents; prices per piece are kept in 1/10,000 dollar (issue 30).
              price_e4: centsToE4(p.priceCents),
              minimum_order_quantity: p.minimumOrderQuantity,
              // The demo's figure is the main warehouse's count; the second warehouse's pieces add to what can be sold.
              available_quantity: p.availableQuantity + eastStock(i),
              sku: p.sku,
              brand: p.brand,
              category: p.category,
              attributes: JSON.stringify(p.attributes),
              img: p.images[0] as string,
              images: JSON.stringify(p.images),
              price_tiers: JSON.stringify((p.priceTiers ?? []).map((t) => ({ minQuantity: t.minQuantity, priceE4: centsToE4(t.priceCents) }))),
              order_multiple: p.orderMultiple ?? 1,
              unspsc: (p.category && DEMO_UNSPSC[p.category]) ?? null,
              weight_grams: p.category ? (DEMO_WEIGHT_GRAMS[p.category] ?? null) : null,
              archived: 0,
              created_at: at,
              updated_at: at,
            };
          }),
        )
        .execute();
      await trx
        .insertInto('warehouse_stock')
        .values(ids.flatMap((id, i) => (eastStock(i) ? [{ warehouse_id: second.id, product_id: id, quantity: eastStock(i), updated_at: seededAt }] : [])))
        .execute();
      // Issue 30: a parcel, a pallet freight, a collect and a pickup method.
      await trx
        .insertInto('shipping_methods')
        .values(
          DEMO_SHIPPING_METHODS.map((m, position) => ({
            code: m.code,
            position,
            name: m.name,
            kind: m.kind,
            countries: m.countries,
            bands: JSON.stringify(m.bands),
            free_over_cents: m.freeOverCents,
            transit_min: m.transitDays[0],
            transit_max: m.transitDays[1],
            pickup_address: m.pickupAddress,
            updated_at: seededAt,
          })),
        )
        .execute();
      await trx
        .insertInto('reviews')
        .values(
          DEMO_REVIEWS.map((r, i) => ({
            id: newId(),
            user_id: null,
            name: r.name,
            img: r.img,
            designation: r.designation,
            description: r.description,
            rating: r.rating,
            created_at: new Date(base - (DEMO_REVIEWS.length - i) * 86_400_000).toISOString(),
          })),
        )
        .execute();
      return true;
    });
  } catch (err) {
    // Another instance inserted the marker first (unique violation): it seeds, we don't.
    if (/unique|duplicate/i.test(String((err as Error).message))) return false;
    throw err;
  }
}
