import { z } from 'zod';
import { shippingAddressAnswerSchema, shippingAddressSchema } from './address.js';

/**
 * Warehouses (issue 31): where stock sits and shipments leave from. Every product's stock is kept
 * per warehouse as what that warehouse can still sell; the product's `availableQuantity` is their
 * sum. Pieces sold and not yet shipped count as sold from the default warehouse until they ship
 * (from whichever warehouse ships them), so its figure means what the one stock figure meant
 * before warehouses (ADR 0032). The shop always has its default warehouse (`MAIN`), which every
 * stock route without a warehouse means.
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
  /** What can still be sold: the warehouses' `availableQuantity` summed. */
  availableQuantity: z.number().int(),
  /** Pieces sold (ordered, not backordered) and not yet shipped, counted as sold from the default warehouse until they ship. */
  committedQuantity: z.number().int(),
  warehouses: z.array(
    z.object({
      warehouse: z.string(),
      name: z.string(),
      isDefault: z.boolean(),
      /** The pieces on its shelves. */
      onHand: z.number().int(),
      /** What it can still sell: on hand, less (the default warehouse) what is sold and not yet shipped; below 0 when orders will ship from another warehouse. */
      availableQuantity: z.number().int(),
    }),
  ),
});
export type ProductStock = z.infer<typeof productStockSchema>;
