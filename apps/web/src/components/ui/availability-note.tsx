import { availabilityText, lineAvailability, type BackorderSettings, type LineAvailability } from '@bulkparts/shared/backorder';

/** Today as the shared rule takes it: the UTC calendar day (the server promises on the same clock). */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

/** A line's availability by the shared rule (issue 31): what ships now, what is backordered and by when. */
export function availabilityOf(quantity: number, available: number, backorder: BackorderSettings): LineAvailability {
  return lineAvailability(quantity, available, backorder, todayUtc());
}

/**
 * 'Ships now', 'Ships by 12 Dec' or '300 now, 200 by 12 Dec' (issue 31: the cart, the checkout, the
 * purchase page, an order's lines), from the shared `availabilityText`.
 */
export function AvailabilityNote({ availability, className = '' }: { availability: LineAvailability; className?: string }) {
  const waiting = availability.backordered > 0;
  return (
    <span className={`text-sm ${waiting ? 'font-semibold text-amber-800' : 'text-green-800'} ${className}`}>
      {availabilityText(availability)}
      {waiting && <span className="sr-only"> (backordered pieces)</span>}
    </span>
  );
}
