import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { QUOTE_MESSAGE_MAX_LENGTH, quoteAnswerSchema, type Quote, type QuoteAnswer, type QuoteAnswerValues } from '@bulkparts/shared';
import { dollarsToE4, formatCents, formatUnitPriceDollars, lineTotalCents } from '@bulkparts/shared/money';
import { formatCount, formatQuantity } from '@bulkparts/shared/quantity';
import { applyFieldErrors, FieldError, FormError, NumberField, TextareaField, TextField } from '@/components/ui/form';
import { errorMessage } from '@/lib/api-client';
import { useAnswerQuote } from '../api/quote-mutations';

/** How long an answer holds unless the admin picks another date. */
export const DEFAULT_VALIDITY_DAYS = 30;

/** `YYYY-MM-DD` of the local day `days` from `now` (what a date input shows and takes). */
export function dateInputValue(days: number, now: Date = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * The admin's answer to a requested quote: a unit price per line (starting at the shop's own price
 * for that quantity), the date the prices hold until (30 days by default) and a message. The line
 * totals follow the prices as they are typed.
 */
export function AnswerQuoteForm({ quote, onAnswered }: { quote: Quote; onAnswered?: (quote: Quote) => void }) {
  const answer = useAnswerQuote();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, formState } = useForm<QuoteAnswerValues, unknown, QuoteAnswer>({
    resolver: zodResolver(quoteAnswerSchema),
    defaultValues: {
      lines: quote.lines.map((l) => ({ productId: l.productId, unitPrice: l.listUnitPrice })),
      validUntil: dateInputValue(DEFAULT_VALIDITY_DAYS),
      message: '',
    },
  });
  const prices = useWatch({ control, name: 'lines' });
  const { errors } = formState;
  const lineCents = quote.lines.map((l, i) => {
    // Issue 30: up to 4 decimals; the line total rounded half up once, as the server will.
    const e4 = dollarsToE4(Number(prices[i]?.unitPrice));
    return e4 === null || e4 <= 0 ? null : lineTotalCents(e4, l.quantity);
  });
  const totalCents = lineCents.every((c) => c !== null) ? lineCents.reduce<number>((s, c) => s + c!, 0) : null;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answered = await answer.mutateAsync({ id: quote._id, ...values });
      toast.success(`Quote ${answered.quoteNumber} answered; the buyer is mailed a link`);
      onAnswered?.(answered);
    } catch (err) {
      if (!applyFieldErrors(err, setError, { shouldFocus: true })) setFailure(errorMessage(err, 'Could not send the answer. Please try again.'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={`Answer quote ${quote.quoteNumber}`}>
      <h2 className="text-xl font-semibold">Answer this request</h2>
      <ul className="space-y-3" aria-label="Prices to quote">
        {quote.lines.map((l, i) => (
          <li key={l.productId} className="grid gap-2 rounded-box border border-base-300 p-3 sm:grid-cols-[1fr_10rem] sm:items-start">
            <div className="min-w-0 text-sm">
              <p className="font-semibold break-words text-base">{l.name}</p>
              <p>
                <span className="font-mono">{l.sku}</span> · {formatQuantity(l.quantity)} · shop price {formatUnitPriceDollars(l.listUnitPrice)}
              </p>
              <p aria-live="polite">Line total: {lineCents[i] == null ? '—' : <strong>{formatCents(lineCents[i])}</strong>}</p>
              <FieldError error={errors.lines?.[i]?.productId} />
            </div>
            <NumberField
              label={
                <>
                  Unit price ($)<span className="sr-only"> for {l.name}</span>
                </>
              }
              step="0.0001"
              min={0.0001}
              register={register}
              name={`lines.${i}.unitPrice`}
              error={errors.lines?.[i]?.unitPrice}
            />
          </li>
        ))}
      </ul>
      <FieldError error={errors.lines?.root?.message ?? errors.lines?.message} />
      <p className="text-lg">
        Quoted total: <strong>{totalCents === null ? '—' : formatCents(totalCents)}</strong>
      </p>
      <TextField
        label="Valid until"
        type="date"
        min={dateInputValue(0)}
        hint="The buyer can accept until the end of this day (UTC)"
        error={errors.validUntil}
        registration={register('validUntil')}
      />
      <TextareaField
        label="Message to the buyer (optional)"
        hint={`Up to ${formatCount(QUOTE_MESSAGE_MAX_LENGTH)} characters`}
        error={errors.message}
        registration={register('message')}
      />
      <FormError message={failure} variant="panel" />
      <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Sending…' : 'Send answer'}
      </button>
    </form>
  );
}
