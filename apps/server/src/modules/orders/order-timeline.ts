import type { OrderStatus, OrderTimelineEntry, OrderTimelineEvent } from '@bulkparts/shared';
import { ORDER_TIMELINE_EVENTS } from '@bulkparts/shared';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/tables.js';

/** Who acted: an account's id, or the shop on its own (a sweep). */
export type Actor = string | 'system';
export const SYSTEM: Actor = 'system';

/** One recorded step (the events module's row, as the orders module writes and reads it). */
export interface OrderEventRecord {
  type: string;
  subjectId: string;
  actor: string | null;
  at: string;
  /** Issue 31: the shipment a `shipped` or `delivered` step is about ('SH-000001'). */
  detail?: string | null | undefined;
}

/**
 * The events log as the orders module uses it (the events module's repository, wired in
 * services.ts): every status change records its step in the change's own transaction, so the
 * timeline can never miss a committed change nor show one that rolled back.
 */
export interface OrderTimelineLog {
  recordIn(trx: Transaction<DB>, events: readonly OrderEventRecord[]): Promise<void>;
  of(orderId: string): Promise<readonly OrderEventRecord[]>;
}

const PREFIX = 'order.';

/** The timeline step a status change is: leaving `awaiting_approval` for payment or invoice is the approval. */
export function timelineEventOf(from: OrderStatus, to: OrderStatus): OrderTimelineEvent | null {
  if (from === 'awaiting_approval' && (to === 'pending' || to === 'invoiced')) return 'approved';
  return (ORDER_TIMELINE_EVENTS as readonly string[]).includes(to) ? (to as OrderTimelineEvent) : null;
}

export const orderEvent = (event: OrderTimelineEvent, orderId: string, actor: Actor, at: string, detail?: string): OrderEventRecord => ({
  type: `${PREFIX}${event}`,
  subjectId: orderId,
  actor,
  at,
  ...(detail !== undefined ? { detail } : {}),
});

/** The recorded steps as the API answers them; `names` turns account ids into names (a removed account reads as null). */
export async function readTimeline(
  log: Pick<OrderTimelineLog, 'of'>,
  names: (ids: readonly string[]) => Promise<ReadonlyMap<string, string>>,
  orderId: string,
): Promise<OrderTimelineEntry[]> {
  const rows = (await log.of(orderId)).filter((r) => r.type.startsWith(PREFIX));
  const people = [...new Set(rows.map((r) => r.actor).filter((a): a is string => a !== null && a !== SYSTEM))];
  const named = people.length ? await names(people) : new Map<string, string>();
  return rows.flatMap((r) => {
    const event = r.type.slice(PREFIX.length) as OrderTimelineEvent;
    if (!(ORDER_TIMELINE_EVENTS as readonly string[]).includes(event)) return [];
    const by = r.actor === SYSTEM ? SYSTEM : r.actor === null ? null : (named.get(r.actor) ?? null);
    return [{ event, at: r.at, by, ...(r.detail ? { detail: r.detail } : {}) }];
  });
}
