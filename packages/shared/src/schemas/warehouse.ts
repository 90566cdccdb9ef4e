import { z } from 'zod';
import { PRODUCT_STOCK_MAX } from '../constants.js';
import { shippingAddressAnswerSchema, shippingAddressSchema } from './address.js';

/**
 * Warehouses (issue 31): where stock sits and shipments leave from. Every product's stock is kept
 * per warehouse as the count on its shelves (pieces sold but not yet shipped are still on them);
 * the product's `availableQuantity` is what can still be sold: the warehouses' counts summed, less
 * the pieces sold and not yet shipped (ADR 0030). The shop always has its default warehouse
 * (`MAIN`), which every stock route without a warehouse means, as they meant the one stock before.
 */
export const DEFAULT_WAREHOUSE_CODE = 'MAIN';
export const WAREHOUSE_CODE_MAX_LENGTH = 20;
export const WAREHOUSE_NAME_MAX_LENGTH = 100;
/** A shop keeps at most this many warehouses (every product's stock page lists them all). */
export const WAREHOUSES_MAX = 50;

export const WAREHOUSE_MESSAGES = {
  codeTaken: 'Another warehouse has this code',
  unknown: 'No warehouse has this code',
  tooMany: `A shop keeps at most ${WAREHOUSES_MAX} warehouses`,
} as const;

/** 'east-1' → 'EAST-1': codes are upper-case letters, digits and hyphens, as stock files spell them. */
export const warehouseCodeSchema = z
  .string({ error: 'Warehouse code must be text' })
  .trim()
  .min(1, 'Warehouse code is required')
  .max(WAREHOUSE_CODE_MAX_LENGTH, `Warehouse code must be at most ${WAREHOUSE_CODE_MAX_LENGTH} characters`)
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9][A-Z0-9-]*$/, 'Warehouse code must be letters, digits and hyphens'));

const warehouseNameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(WAREHOUSE_NAME_MAX_LENGTH, `Name must be at most ${WAREHOUSE_NAME_MAX_LENGTH} characters`);

/** `POST /api/warehouses` and the dashboard's form. */
export const warehouseInputSchema = z.object({
  code: warehouseCodeSchema,
  name: warehouseNameSchema,
  address: shippingAddressSchema,
});
export type WarehouseInputValues = z.input<typeof warehouseInputSchema>;
export type WarehouseInput = z.output<typeof warehouseInputSchema>;

/** `PATCH /api/warehouses/:id`: any of the fields (the code is how stock files name it, so it may change only with care). */
export const warehousePatchSchema = warehouseInputSchema.partial();
export type WarehousePatch = z.output<typeof warehousePatchSchema>;

export const warehouseSchema = z.object({
  _id: z.string(),
  code: z.string(),
  name: z.string(),
  address: shippingAddressAnswerSchema,
  /** The default warehouse: stock routes without a warehouse mean it; it cannot stop being the default. */
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type Warehouse = z.infer<typeof warehouseSchema>;

/** `GET /api/service/:id/stock` (admins): where a product's pieces are. */
export const productStockSchema = z.object({
  productId: z.string(),
  sku: z.string(),
  /** What can still be sold: the warehouses' counts less `committedQuantity`. */
  availableQuantity: z.number().int(),
  /** Pieces sold (ordered, not backordered) and not yet shipped. */
  committedQuantity: z.number().int(),
  warehouses: z.array(z.object({ warehouse: z.string(), name: z.string(), isDefault: z.boolean(), onHand: z.number().int() })),
});
export type ProductStock = z.infer<typeof productStockSchema>;

/** One warehouse's count for a product, as the stock routes take it. */
export const stockCountSchema = z
  .number({ error: 'availableQuantity must be a number' })
  .int('availableQuantity must be a whole number')
  .min(0, 'availableQuantity cannot be negative')
  .max(PRODUCT_STOCK_MAX, 'availableQuantity is too large');
