import type { ReactNode } from 'react';
import { RETURN_STATUS_LABELS, type Return } from '@bulkparts/shared';
import { formatDollars } from '@bulkparts/shared/money';
import { formatQuantity } from '@bulkparts/shared/quantity';
import { creditNoteUrl } from '../api/return-queries';

const STATUS_CLASS: Record<Return['status'], string> = {
  requested: 'badge-warning',
  approved: 'badge-info',
  rejected: 'badge-error',
  received: 'badge-primary',
  refunded: 'badge-success',
};

/** One return (issue 31): its number and status, its lines (asked, received, damaged), why it was rejected, its credit note; `children` its actions. */
export function ReturnCard({ ret, heading = 'h3', children }: { ret: Return; heading?: 'h2' | 'h3'; children?: ReactNode }) {
  const Heading = heading;
  return (
    <li className="space-y-2 rounded-box border border-base-300 p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Heading className="font-semibold">Return {ret.rmaNumber}</Heading>
        <span className={`badge badge-sm ${STATUS_CLASS[ret.status]}`}>{RETURN_STATUS_LABELS[ret.status]}</span>
        <span className="text-base-content/70">
          order {ret.orderNumber} · {ret.userEmail} · <time dateTime={ret.createdAt}>{new Date(ret.createdAt).toLocaleDateString()}</time>
        </span>
      </div>
      <ul className="space-y-1" aria-label={`Lines of return ${ret.rmaNumber}`}>
        {ret.lines.map((l) => (
          <li key={l.productId}>
            <span className="font-mono text-xs">{l.sku}</span> {l.name}: <strong>{formatQuantity(l.quantity)}</strong> ({l.reason})
            {l.received !== null && (
              <span className="text-base-content/80">
                {' '}
                · {formatQuantity(l.received)} received{l.damaged ? `, ${formatQuantity(l.damaged)} damaged` : ''}
              </span>
            )}
          </li>
        ))}
      </ul>
      {ret.note && <p className="break-words text-base-content/80">Note: {ret.note}</p>}
      {ret.rejectionReason && <p className="break-words">Rejected: {ret.rejectionReason}</p>}
      {ret.refundError && (
        <p role="alert" className="font-semibold text-red-700">
          {ret.refundError}
        </p>
      )}
      {ret.creditNote && (
        <p>
          Credit note {ret.creditNote.number}: {formatDollars(ret.creditNote.total)}{' '}
          <a className="link" href={creditNoteUrl(ret.creditNote._id)} download>
            Download credit note<span className="sr-only"> {ret.creditNote.number}</span>
          </a>
        </p>
      )}
      {children}
    </li>
  );
}
