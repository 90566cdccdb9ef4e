import { z } from 'zod';
import { PRODUCT_STOCK_MAX } from '../constants.js';
import { warehouseCodeSchema } from './warehouse.js';

/**
 * API keys for integrations (issue 19, ADR 0020): an ERP or warehouse system calls the API with
 * `Authorization: Bearer bp_…` and acts with exactly the key's scopes.
 */
export const API_KEY_SCOPES = ['catalog:read', 'catalog:write', 'orders:read', 'orders:write', 'stock:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What each scope lets a key do (the dashboard's checkboxes, the README). */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'catalog:read': 'Read the catalogue (products, categories, export)',
  'catalog:write': 'Add, edit and delete products and categories',
  'orders:read': 'List and read orders',
  'orders:write': 'Change order status, record payments',
  'stock:write': 'Set and adjust stock',
};

/** Every secret starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'bp_';
export const API_KEY_NAME_MAX_LENGTH = 100;
/** Lines one `POST /api/stock` may send. */
export const STOCK_BULK_MAX = 5000;

export const API_KEY_MESSAGES = {
  shownOnce: 'Copy this secret now: it is shown only once and cannot be read again.',
  badLines: 'Some lines cannot be applied; no stock was changed',
} as const;

export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES, { error: `scope must be one of ${API_KEY_SCOPES.join(', ')}` });

/** `POST /api/api-keys`. */
export const apiKeyInputSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(API_KEY_NAME_MAX_LENGTH, `Name must be at most ${API_KEY_NAME_MAX_LENGTH} characters`),
  scopes: z
    .array(apiKeyScopeSchema, { error: 'scopes must be a list of scopes' })
    .min(1, 'Choose at least one scope')
    .max(API_KEY_SCOPES.length, 'Each scope at most once')
    .refine((list) => new Set(list).size === list.length, 'Each scope at most once'),
});
export type ApiKeyInputValues = z.input<typeof apiKeyInputSchema>;
export type ApiKeyInput = z.output<typeof apiKeyInputSchema>;

/** A key as listed: never its secret. */
export const apiKeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable().optional(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to `POST /api/api-keys`: the only time the secret is shown. */
export const createdApiKeySchema = apiKeySchema.extend({ secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

const stockQuantitySchema = z
  .number({ error: 'availableQuantity must be a number' })
  .int('availableQuantity must be a whole number')
  .min(0, 'availableQuantity cannot be negative')
  .max(PRODUCT_STOCK_MAX, 'availableQuantity is too large');

/**
 * `PATCH /api/service/:id/stock`: sets the stock (a warehouse's count), not a change to it. Issue
 * 31: `warehouse` names the warehouse by its code; without it, the default warehouse (as before).
 */
export const stockSetSchema = z.object({ warehouse: warehouseCodeSchema.optional(), availableQuantity: stockQuantitySchema });
export type StockSet = z.infer<typeof stockSetSchema>;

/**
 * `POST /api/stock`: sets the stock of many products by SKU, all or nothing. Each line's SKU and
 * quantity are checked by the server, and a bad one is named by its `index` in the answer's
 * `lines` (as the cart's bulk add does); so here a line only has to be the right shape.
 */
export const stockBulkSchema = z.object({
  items: z
    .array(
      z.object({
        sku: z.string({ error: 'sku must be text' }).max(100, 'sku must be at most 100 characters'),
        /** Issue 31: the warehouse's code (checked per line by the server); without it, the default warehouse. */
        warehouse: z.string({ error: 'warehouse must be a warehouse code' }).max(100, 'warehouse must be at most 100 characters').optional(),
        availableQuantity: z.unknown(),
      }),
      { error: 'items must be a list of { sku, warehouse?, availableQuantity }' },
    )
    .min(1, 'Send at least one item')
    .max(STOCK_BULK_MAX, `At most ${STOCK_BULK_MAX} items at once`),
});
export type StockBulk = z.infer<typeof stockBulkSchema>;

/** The answer to `POST /api/stock`: how many products were set. */
export const stockBulkResultSchema = z.object({ updated: z.number().int() });
export type StockBulkResult = z.infer<typeof stockBulkResultSchema>;

/** The message for one line's quantity, or null when it is a valid stock level. */
export function stockQuantityError(value: unknown): string | null {
  const result = stockQuantitySchema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'availableQuantity is not valid');
}
