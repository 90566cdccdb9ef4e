import { isCalendarDate, ORDER_STATUSES, type OrderStatus } from '@bulkparts/shared';

/**
 * My Orders' filters (issue 29) as the address holds them: `q` (order or PO number), `status`,
 * `from`/`to` (`YYYY-MM-DD`, the days the order was placed, both included). Text stays as typed;
 * a date that is not one reads as none (the date inputs only make real ones; `from` may also be
 * another page's parameter, as in a link back after sign-in). The server checks the range and
 * answers a 400 naming the field, which the page shows.
 */
export interface OrderFilters {
  q: string;
  status: OrderStatus | undefined;
  from: string;
  to: string;
}

export const NO_ORDER_FILTERS: OrderFilters = { q: '', status: undefined, from: '', to: '' };

const FILTER_KEYS = ['q', 'status', 'from', 'to'] as const;

const dayOrNone = (value: string | null) => (value !== null && isCalendarDate(value) ? value : '');

/** The filters in these search params; an unknown status or a date that is not one reads as none (an old or edited link). */
export function orderFiltersFrom(params: URLSearchParams): OrderFilters {
  const status = params.get('status') ?? '';
  return {
    q: params.get('q') ?? '',
    status: (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : undefined,
    from: dayOrNone(params.get('from')),
    to: dayOrNone(params.get('to')),
  };
}

/** The search params of these filters, only those set (a clean address when none is). */
export function orderFiltersToParams(filters: OrderFilters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) out[key] = value;
  }
  return out;
}

export function hasOrderFilters(filters: OrderFilters): boolean {
  return FILTER_KEYS.some((key) => Boolean(filters[key]?.trim()));
}

/** What the list query sends: the search trimmed, nothing for an empty filter. */
export function orderFiltersQuery(filters: OrderFilters): { q?: string; status?: OrderStatus; from?: string; to?: string } {
  const q = filters.q.trim();
  return {
    ...(q ? { q } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
}
