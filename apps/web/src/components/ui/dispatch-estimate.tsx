import { shortDay } from '@bulkparts/shared/backorder';

/**
 * Issue 31: when an order's pieces leave, from the shared plan's `dispatch`: everything today, in
 * parts (what is in stock today, the rest by the last promised day), or all together on that day.
 */
export function DispatchEstimate({ dispatch }: { dispatch: { first: string | null; last: string | null; unknown: boolean } }) {
  const today = new Date().toISOString().slice(0, 10);
  const when = (day: string) => (day === today ? 'today' : `by ${shortDay(day)}`);
  let text: string;
  if (dispatch.last === null && !dispatch.unknown) text = 'Everything is in stock: it ships today, or the next working day.';
  else if (dispatch.first !== null && dispatch.first === today) {
    text = `What is in stock ships today; the rest ships ${dispatch.last ? when(dispatch.last) : 'once it arrives (date to be confirmed)'}.`;
  } else if (dispatch.first !== null) text = `It ships ${when(dispatch.first)}${dispatch.unknown ? ' at the earliest (some dates are to be confirmed)' : ''}.`;
  else text = 'It ships once the backordered pieces arrive (date to be confirmed).';
  return (
    <p role="status" className="rounded-box bg-base-200 p-3 text-sm">
      <span className="font-semibold">Estimated dispatch: </span>
      {text}
    </p>
  );
}
