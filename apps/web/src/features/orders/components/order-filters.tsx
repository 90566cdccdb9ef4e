import { useEffect, useId, useRef, useState } from 'react';
import { ORDER_STATUSES, type OrderStatus } from '@bulkparts/shared';
import { FieldError } from '@/components/ui/form';
import { ORDER_STATUS_LABEL } from '@/components/ui/order-status-badge';
import { SearchField } from '@/components/ui/search-field';
import { hasOrderFilters, NO_ORDER_FILTERS, type OrderFilters } from '../order-filters';

/** How long typing pauses before the search runs: one request (and one history entry) per word, not per key. */
export const SEARCH_PAUSE_MS = 300;

/**
 * My Orders' filter bar (issue 29): search by order or PO number, status, and the days placed.
 * Controlled by the page, which keeps the filters in the address; the search box keeps what is
 * typed until the pause. `errors` are the server's field messages (a `from` after `to`, a date
 * edited into the address by hand), shown under their inputs.
 */
export function OrderFiltersBar({
  value,
  onChange,
  errors = {},
}: {
  value: OrderFilters;
  onChange: (next: OrderFilters) => void;
  errors?: Partial<Record<keyof OrderFilters, string>>;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value.q);
  // The address changed from outside (Back, Clear filters, a link): the box shows it (set while
  // rendering, React's pattern for state that follows a prop).
  const [shownQ, setShownQ] = useState(value.q);
  if (shownQ !== value.q) {
    setShownQ(value.q);
    setDraft(value.q);
  }
  // The latest filters and callback, so a re-render (a page arriving) does not restart the pause.
  const latest = useRef({ value, onChange });
  useEffect(() => {
    latest.current = { value, onChange };
  });
  useEffect(() => {
    if (draft === latest.current.value.q) return;
    const timer = setTimeout(() => latest.current.onChange({ ...latest.current.value, q: draft }), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  const dateInput = (key: 'from' | 'to', label: string) => {
    const error = errors[key];
    return (
      <label className="flex flex-col gap-1 text-sm">
        <span>{label}</span>
        <input
          type="date"
          className={`input input-bordered input-sm w-40 ${error ? 'input-error' : ''}`}
          value={value[key]}
          // The other bound, as a hint to the browser's picker; the server still checks.
          min={key === 'to' ? value.from || undefined : undefined}
          max={key === 'from' ? value.to || undefined : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${key}-error` : undefined}
          onChange={(e) => onChange({ ...value, [key]: e.target.value })}
        />
        {error && <FieldError id={`${id}-${key}-error`} error={error} />}
      </label>
    );
  };

  return (
    <div role="search" aria-label="Filter orders" className="flex flex-wrap items-end gap-3">
      <div className="flex w-full flex-col gap-1 sm:w-72">
        <SearchField label="Search by order or PO number" placeholder="Order or PO number" value={draft} onChange={setDraft} />
        {errors.q && <FieldError id={`${id}-q-error`} error={errors.q} />}
      </div>
      <label className="flex flex-col gap-1 text-sm">
        <span>Status</span>
        <select
          className="select select-bordered select-sm w-44"
          value={value.status ?? ''}
          onChange={(e) => onChange({ ...value, status: (e.target.value || undefined) as OrderStatus | undefined })}
        >
          <option value="">All statuses</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ORDER_STATUS_LABEL[s]}
            </option>
          ))}
        </select>
      </label>
      {dateInput('from', 'Placed from')}
      {dateInput('to', 'Placed to')}
      {hasOrderFilters(value) && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange(NO_ORDER_FILTERS)}>
          Clear filters
        </button>
      )}
    </div>
  );
}
