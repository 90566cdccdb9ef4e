/**
 * Backorders with a promised date (issue 31): the one rule of what part of a line ships now, what
 * is backordered and by when it is promised to ship. Pure (no clock: `today` is given, a UTC
 * calendar day), zod-free, used by the server's placement and stock arrivals (through `planOrder`
 * and `lineAvailability`) and by the web's cart, checkout and purchase page.
 */

/** A product's backorder settings. */
export interface BackorderSettings {
  allowed: boolean;
  /** Working from today, the days until a backordered piece ships; null: unknown. */
  leadTimeDays: number | null;
  /** The day the next stock is expected (`YYYY-MM-DD`); null: none announced. */
  nextRestockDate: string | null;
}

export const NO_BACKORDERS: BackorderSettings = { allowed: false, leadTimeDays: null, nextRestockDate: null };

/** How an order with backordered pieces ships (`POST /api/cart/checkout`'s `fulfilment`). */
export const FULFILMENTS = ['ship_as_available', 'ship_complete'] as const;
export type Fulfilment = (typeof FULFILMENTS)[number];
export const DEFAULT_FULFILMENT: Fulfilment = 'ship_as_available';

export const FULFILMENT_LABELS: Record<Fulfilment, string> = {
  ship_as_available: 'Ship as available: what is in stock now, the rest when it arrives',
  ship_complete: 'Ship complete: everything together, once every piece is in stock',
};

export const BACKORDER_LEAD_TIME_MAX_DAYS = 365;

const DAY_MS = 86_400_000;

/** `day` plus `n` calendar days (`YYYY-MM-DD`, UTC). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The day itself on a working day, else the Monday after (a warehouse ships Monday to Friday). */
export function nextWorkingDay(day: string): string {
  const weekday = new Date(`${day}T00:00:00.000Z`).getUTCDay();
  return weekday === 6 ? addDays(day, 2) : weekday === 0 ? addDays(day, 1) : day;
}

/** The UTC calendar day of an ISO instant. */
export const dayOf = (iso: string): string => iso.slice(0, 10);

/**
 * When a backordered piece of this product is promised to ship: the announced restock day (when
 * it is today or later), else today plus the lead time, moved to a working day; null when neither
 * is known ("date to be confirmed").
 */
export function promisedDispatchFor(settings: BackorderSettings, today: string): string | null {
  if (settings.nextRestockDate && settings.nextRestockDate >= today) return nextWorkingDay(settings.nextRestockDate);
  if (settings.leadTimeDays !== null) return nextWorkingDay(addDays(today, settings.leadTimeDays));
  return null;
}

/** What part of a line ships now and what waits, and by when. */
export interface LineAvailability {
  /** Pieces in stock for it now. */
  now: number;
  /** Pieces that wait for stock. */
  backordered: number;
  /** When the backordered pieces are promised to ship; null when none are, or when no date is known. */
  promisedDispatch: string | null;
}

/**
 * A line of `quantity` against `available` pieces: all of it now when the stock holds it; beyond
 * the stock, the rest backordered with its promised date when the product allows backorders.
 * Without backorders the whole line counts as now: short stock is the order's stock problem (409).
 */
export function lineAvailability(quantity: number, available: number, settings: BackorderSettings, today: string): LineAvailability {
  const inStock = Math.max(0, Math.min(quantity, available));
  if (!settings.allowed || inStock === quantity) return { now: quantity, backordered: 0, promisedDispatch: null };
  return { now: inStock, backordered: quantity - inStock, promisedDispatch: promisedDispatchFor(settings, today) };
}

/** The stock the line rules check a quantity against: unlimited for a product taking backorders. */
export const stockForRules = (available: number, settings: Pick<BackorderSettings, 'allowed'> | undefined): number =>
  settings?.allowed ? Number.MAX_SAFE_INTEGER : available;

/** '12 Dec' (the day of the month and the month, in English, as the shop's texts are). */
export function shortDay(day: string): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  return `${d.getUTCDate()} ${d.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' })}`;
}

/** 'Ships now', 'Ships by 12 Dec', '300 now, 200 by 12 Dec', or (no date known) '… 200 backordered, date to be confirmed'. */
export function availabilityText(a: LineAvailability): string {
  if (a.backordered === 0) return 'Ships now';
  const later = a.promisedDispatch ? `by ${shortDay(a.promisedDispatch)}` : 'backordered, date to be confirmed';
  if (a.now === 0) return a.promisedDispatch ? `Ships ${later}` : 'Backordered, date to be confirmed';
  return `${a.now.toLocaleString('en-US')} now, ${a.backordered.toLocaleString('en-US')} ${later}`;
}

/**
 * When an order's pieces leave: `first` (today when any piece is in stock; with `ship_complete`,
 * only when everything is), `last` the latest promised day (null: every piece ships now, or a date
 * is not known yet: `unknown`).
 */
export function dispatchEstimate(
  lines: readonly LineAvailability[],
  fulfilment: Fulfilment,
  today: string,
): { first: string | null; last: string | null; unknown: boolean } {
  const waiting = lines.filter((l) => l.backordered > 0);
  const unknown = waiting.some((l) => l.promisedDispatch === null);
  const dates = waiting.map((l) => l.promisedDispatch).filter((d): d is string => d !== null);
  const last = dates.length ? dates.reduce((a, b) => (a > b ? a : b)) : null;
  const anyNow = lines.some((l) => l.now > 0);
  const first = waiting.length === 0 ? today : fulfilment === 'ship_complete' ? last : anyNow ? today : (dates.sort()[0] ?? null);
  return { first, last: waiting.length ? last : null, unknown };
}
