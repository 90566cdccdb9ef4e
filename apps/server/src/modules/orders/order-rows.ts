import type { Selectable } from 'kysely';
import type { OrderLinesTable, OrdersTable } from '../../db/schema.js';

/** An order and an order line as stored; both orders repositories read them (no import between the two). */
export type OrderRow = Selectable<OrdersTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;
