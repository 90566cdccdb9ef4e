import { addDays, nextWorkingDay } from './backorder.js';

/**
 * When an order arrives (issue 30): it leaves today when placed before the dispatch cutoff (the
 * seller's clock, `DISPATCH_CUTOFF` in `SELLER_TIME_ZONE`) on a working day with every piece in
 * stock, else on the next working day; backordered pieces leave on their promised day (issue 31's
 * `dispatchEstimate`, built on here); then the method's transit working days (Monday to Friday).
 * Pure: the instant is given.
 */

export const DEFAULT_DISPATCH_CUTOFF = '14:00';
export const DEFAULT_SELLER_TIME_ZONE = 'UTC';

/** 'HH:MM', 00:00 to 23:59. */
export const CUTOFF_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface DispatchRule {
  /** 'HH:MM' on the seller's clock. */
  cutoff: string;
  /** An IANA zone ('Europe/London'). */
  timeZone: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The seller's calendar day and minute of the day at `instant`. */
export function sellerClock(instant: string, timeZone: string): { day: string; minutes: number } {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

export const isWorkingDay = (day: string): boolean => {
  const weekday = new Date(`${day}T00:00:00.000Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
};

/** `day` plus `n` working days (Monday to Friday); a weekend `day` first moves to its Monday. */
export function addWorkingDays(day: string, n: number): string {
  let d = nextWorkingDay(day);
  for (let i = 0; i < n; i++) d = nextWorkingDay(addDays(d, 1));
  return d;
}

const minutesOf = (cutoff: string): number => Number(cutoff.slice(0, 2)) * 60 + Number(cutoff.slice(3, 5));

/** The day the pieces in stock leave: today before the cutoff on a working day with every piece in stock, else the next working day. */
export function dispatchDay(now: string, rule: DispatchRule, allInStock: boolean): string {
  const clock = sellerClock(now, rule.timeZone);
  if (allInStock && isWorkingDay(clock.day) && clock.minutes < minutesOf(rule.cutoff)) return clock.day;
  return nextWorkingDay(addDays(clock.day, 1));
}

export interface DeliveryEstimate {
  from: string;
  to: string;
}

/**
 * The delivery window: from the first dispatch plus the fewest transit days, to the last dispatch
 * plus the most. `backorders` is `planOrder`'s dispatch (absent or nothing waiting: every piece in
 * stock); null when a backordered piece has no promised day yet (no date can be promised).
 */
export function deliveryEstimate(input: {
  now: string;
  rule: DispatchRule;
  transitDays: readonly [number, number];
  backorders?: { first: string | null; last: string | null; unknown: boolean } | undefined;
}): DeliveryEstimate | null {
  const waiting = input.backorders?.last != null || input.backorders?.unknown === true;
  if (input.backorders?.unknown) return null;
  const stockDay = dispatchDay(input.now, input.rule, !waiting);
  const later = (d: string | null | undefined) => (d && d > stockDay ? nextWorkingDay(d) : stockDay);
  // `first` is the UTC day for pieces in stock (issue 31), else the earliest promised day.
  const first = input.backorders?.first && input.backorders.first > input.now.slice(0, 10) ? later(input.backorders.first) : stockDay;
  const last = later(input.backorders?.last);
  const [min, max] = input.transitDays;
  return { from: addWorkingDays(first, min), to: addWorkingDays(last, Math.max(min, max)) };
}

/** '12 Dec' or '12 – 16 Dec' (the shop's texts are English). */
export function deliveryText(estimate: DeliveryEstimate | null): string {
  if (!estimate) return 'Delivery date to be confirmed';
  const fmt = (d: string) => new Date(`${d}T00:00:00.000Z`).toLocaleString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return estimate.from === estimate.to ? `Arrives ${fmt(estimate.from)}` : `Arrives ${fmt(estimate.from)} – ${fmt(estimate.to)}`;
}
