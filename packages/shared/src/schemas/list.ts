import { z } from 'zod';
import { ORDER_QUANTITY_MAX } from '../constants.js';
import { paginationQuerySchema } from './common.js';

/**
 * Requisition lists (issue 33): a buyer's named lists of parts and quantities (the 30 parts ordered
 * every month), kept apart from the cart. A list is its owner's; shared with the owner's company it
 * is read by every member (`read`) or also edited (`edit`: its items, never its name, sharing or
 * existence). Ordering a list puts its lines (all or chosen) into the cart through the cart's bulk
 * add, which checks each line by the product's own rule.
 */
export const LIST_SHARING = ['private', 'read', 'edit'] as const;
export type ListSharing = (typeof LIST_SHARING)[number];
export const LIST_SHARING_LABELS: Record<ListSharing, string> = {
  private: 'Only me',
  read: 'My company can see it',
  edit: 'My company can see and edit it',
};

export const LIST_NAME_MAX_LENGTH = 80;
/** Lists one account may own. */
export const LISTS_PER_USER_MAX = 100;
/** Products on one list (the cart's bound). */
export const LIST_ITEMS_MAX = 200;

export const LIST_MESSAGES = {
  full: `A list holds at most ${LIST_ITEMS_MAX} products`,
  tooMany: `You can keep at most ${LISTS_PER_USER_MAX} lists`,
  noCompany: 'Join a company to share a list with it',
  ownerOnly: 'Only the owner of the list can do this',
  readOnly: 'This list is shared with you to read only',
  badItems: 'Some lines cannot be put on the list; nothing was changed',
} as const;

const listNameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(LIST_NAME_MAX_LENGTH, `Name must be at most ${LIST_NAME_MAX_LENGTH} characters`);

const sharingSchema = z.enum(LIST_SHARING, { error: `sharing must be one of ${LIST_SHARING.join(', ')}` });

/** Pieces on a list line: whole, at least 1, at most what one cart line holds. The product's own rules apply when it is ordered. */
export const listQuantitySchema = z
  .number({ error: 'Quantity must be a number' })
  .int('Quantity must be a whole number of pieces')
  .min(1, 'Quantity must be at least 1')
  .max(ORDER_QUANTITY_MAX, `Quantity must be at most ${ORDER_QUANTITY_MAX}`);

/** A line to put on a list, naming its product by id or by SKU (a CSV names SKUs). */
export const listItemInputSchema = z
  .object({
    productId: z.string().max(100, 'productId is not valid').optional(),
    sku: z.string().max(100, 'sku must be at most 100 characters').optional(),
    quantity: listQuantitySchema,
  })
  .refine((v) => (v.productId === undefined) !== (v.sku === undefined), { message: 'Give productId or sku', path: ['productId'] });
export type ListItemInput = z.infer<typeof listItemInputSchema>;

const itemsSchema = z.array(listItemInputSchema, { error: 'items must be a list of { productId or sku, quantity }' }).max(LIST_ITEMS_MAX, LIST_MESSAGES.full);

/** `POST /api/lists`: a new list, empty or with its lines (a cart saved, an order, a CSV). */
export const listCreateSchema = z.object({
  name: listNameSchema,
  sharing: sharingSchema.default('private'),
  items: itemsSchema.default([]),
});
export type ListCreateValues = z.input<typeof listCreateSchema>;
export type ListCreate = z.output<typeof listCreateSchema>;

/**
 * `PATCH /api/lists/{id}`: rename and share (the owner), and `add` lines (whoever may edit it): a
 * product already on the list gets the pieces added, up to 1000.
 */
export const listUpdateSchema = z
  .object({
    name: listNameSchema.optional(),
    sharing: sharingSchema.optional(),
    add: itemsSchema.optional(),
  })
  .refine((v) => v.name !== undefined || v.sharing !== undefined || v.add !== undefined, { message: 'Nothing to change', path: ['name'] });
export type ListUpdate = z.infer<typeof listUpdateSchema>;

/** `PUT /api/lists/{id}/items/{productId}`: the line's pieces. */
export const listItemQuantitySchema = z.object({ quantity: listQuantitySchema });

export const listItemParamsSchema = z.object({ id: z.string(), productId: z.string().max(100, 'productId is not valid') });

export const LIST_SCOPES = ['all', 'mine', 'shared'] as const;
/** `GET /api/lists`: mine, those my company shares with me, or both (newest change first). */
export const listListQuerySchema = paginationQuerySchema.extend({
  scope: z.enum(LIST_SCOPES, { error: `scope must be one of ${LIST_SCOPES.join(', ')}` }).default('all'),
});
export type ListListQuery = z.infer<typeof listListQuerySchema>;

export const listSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  sharing: z.enum(LIST_SHARING),
  owner: z.object({ id: z.string(), name: z.string() }),
  /** The caller owns it. */
  mine: z.boolean(),
  /** The caller may change its items. */
  canEdit: z.boolean(),
  itemCount: z.number().int(),
  updatedAt: z.string(),
});
export type ListSummary = z.infer<typeof listSummarySchema>;

/** One line: the product as the catalogue has it now, the caller's price per piece for the line's pieces, and what ordering it would be refused for. */
export const listItemSchema = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  img: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  lineTotal: z.number(),
  minimumOrderQuantity: z.number().int(),
  orderMultiple: z.number().int(),
  availableQuantity: z.number().int(),
  archived: z.boolean(),
  problem: z.string().nullable(),
});
export type ListItem = z.infer<typeof listItemSchema>;

export const listSchema = listSummarySchema.extend({ items: z.array(listItemSchema) });
export type RequisitionList = z.infer<typeof listSchema>;
