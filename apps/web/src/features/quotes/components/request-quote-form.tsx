import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { QUOTE_NOTE_MAX_LENGTH, QUOTE_QUANTITY_MAX, quoteRequestSchema, type Quote, type QuoteRequest, type QuoteRequestValues } from '@bulkparts/shared';
import { formatCount } from '@bulkparts/shared/quantity';
import { applyFieldErrors, FieldError, FormError, NumberField, TextareaField } from '@/components/ui/form';
import { ApiClientError, errorMessage } from '@/lib/api-client';
import { useRequestQuote } from '../api/quote-mutations';

/** A line the form starts with: the product as the buyer knows it, and the pieces asked for. */
export interface QuoteLineDraft {
  productId: string;
  sku: string;
  name: string;
  quantity: number;
}

interface RequestQuoteFormProps {
  lines: readonly QuoteLineDraft[];
  onRequested: (quote: Quote) => void;
  /** Issue 30: the note to start from (a freight quote names its ship-to). */
  note?: string;
}

/**
 * The request for quote: each line's quantity (1 to a million; past the 1000 pieces an order takes),
 * a line can be removed, and a note for the shop. The shared schema checks it here and on the server;
 * the server's messages land under the fields they name (`lines.0.quantity`, `note`) or its lines.
 */
export function RequestQuoteForm({ lines, onRequested, note = '' }: RequestQuoteFormProps) {
  const request = useRequestQuote();
  const [failure, setFailure] = useState<string | null>(null);
  // Names and SKUs are for reading only; the form (and the server) take productId and quantity.
  const [products] = useState(() => new Map(lines.map((l) => [l.productId, l])));
  const { register, control, handleSubmit, setError, formState } = useForm<QuoteRequestValues, unknown, QuoteRequest>({
    resolver: zodResolver(quoteRequestSchema),
    defaultValues: { lines: lines.map(({ productId, quantity }) => ({ productId, quantity })), note },
  });
  const { fields, remove } = useFieldArray({ control, name: 'lines' });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      onRequested(await request.mutateAsync(values));
    } catch (err) {
      let onFields = applyFieldErrors(err, setError, { shouldFocus: true });
      // Lines named without a field message (a product gone, archived): under that line's quantity.
      for (const line of !onFields && err instanceof ApiClientError ? err.lines : []) {
        const index = line.productId ? fields.findIndex((f) => f.productId === line.productId) : (line.index ?? -1);
        if (index < 0 || index >= fields.length) continue;
        setError(`lines.${index}.quantity`, { type: 'server', message: line.message }, { shouldFocus: !onFields });
        onFields = true;
      }
      if (!onFields) setFailure(errorMessage(err, 'Could not send the request. Please try again.'));
    }
  });

  const linesMessage = errors.lines?.root?.message ?? errors.lines?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label="Request a quote">
      <fieldset className="space-y-3">
        <legend className="mb-2 text-xl font-semibold">Lines</legend>
        {fields.length === 0 ? (
          <p>No lines left. Add products from the catalogue to ask for a price.</p>
        ) : (
          <ul className="space-y-3" aria-label="Quote lines">
            {fields.map((field, i) => {
              const product = products.get(field.productId);
              const name = product?.name ?? field.productId;
              return (
                <li key={field.id} className="grid gap-3 rounded-box border border-base-300 p-3 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
                  <div className="min-w-0">
                    <p className="font-semibold break-words">{name}</p>
                    {product && <p className="font-mono text-xs">{product.sku}</p>}
                    <FieldError error={errors.lines?.[i]?.productId} />
                  </div>
                  <NumberField
                    label={
                      <>
                        Quantity<span className="sr-only"> of {name}</span>
                      </>
                    }
                    hint={`1 to ${formatCount(QUOTE_QUANTITY_MAX)} pieces`}
                    min={1}
                    max={QUOTE_QUANTITY_MAX}
                    register={register}
                    name={`lines.${i}.quantity`}
                    error={errors.lines?.[i]?.quantity}
                  />
                  <button type="button" className="btn btn-ghost btn-sm sm:mt-7" onClick={() => remove(i)} aria-label={`Remove ${name}`}>
                    Remove
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <FieldError error={linesMessage} />
      </fieldset>
      <TextareaField
        label="Note (optional)"
        hint={`Delivery dates, packing, anything the price depends on; up to ${formatCount(QUOTE_NOTE_MAX_LENGTH)} characters`}
        error={errors.note}
        registration={register('note')}
      />
      <FormError message={failure} variant="panel" />
      <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Sending…' : 'Request quote'}
      </button>
    </form>
  );
}
