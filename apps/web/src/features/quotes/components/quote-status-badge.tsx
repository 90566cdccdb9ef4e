import type { QuoteStatus } from '@bulkparts/shared';

export const QUOTE_STATUS_LABEL: Record<QuoteStatus, string> = {
  requested: 'Requested',
  answered: 'Answered',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
};

/**
 * The same DaisyUI colours as the order badges (each at least 4.5:1 with its text in the light
 * theme); the word, not the colour, carries the meaning. `answered` is the one waiting on the buyer.
 */
const STATUS_CLASS: Record<QuoteStatus, string> = {
  requested: 'badge-warning',
  answered: 'badge-info',
  accepted: 'badge-success',
  declined: 'badge-ghost',
  expired: 'badge-ghost',
  withdrawn: 'badge-ghost',
};

export function QuoteStatusBadge({ status, small = false }: { status: QuoteStatus; small?: boolean }) {
  return <span className={`badge ${small ? 'badge-sm' : ''} ${STATUS_CLASS[status]}`}>{QUOTE_STATUS_LABEL[status]}</span>;
}
