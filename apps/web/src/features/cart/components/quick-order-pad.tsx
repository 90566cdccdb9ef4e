import { useId, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { CART_BULK_LINES_MAX, parseQuickOrderCsv } from '@bulkparts/shared';
import { FileField, FormError, TextField } from '@/components/ui/form';
import { MessageText } from '@/components/ui/message-text';
import { ApiClientError, errorMessage } from '@/lib/api-client';
import { useAddCartLines } from '../api/add-cart-lines';
import { emptyRows, linesToSend, PAD_ROWS_STEP, rowErrorsFromServer, rowsFromCsv, type PadRow, type RowError } from '../quick-order-rows';
import { SkuSuggestions } from './sku-suggestions';

interface PadValues {
  rows: PadRow[];
}

/**
 * The quick order pad: rows of SKU and quantity typed (the SKU suggested as you type) or read
 * from a CSV file (`sku,quantity` with a header, parsed here), added to the cart in one all or
 * nothing call. Every problem is shown on its row, numbered as the buyer sees it (the CSV's line).
 */
export function QuickOrderPad() {
  const id = useId();
  const add = useAddCartLines();
  const [typing, setTyping] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<(RowError & { row: number })[]>([]);
  const [added, setAdded] = useState<number | null>(null);
  const { control, register, handleSubmit, setError, clearErrors, reset, getValues, formState } = useForm<PadValues>({
    defaultValues: { rows: emptyRows(PAD_ROWS_STEP) },
  });
  const { fields, append, replace } = useFieldArray({ control, name: 'rows' });
  const suggestionsId = `sku-suggestions${id}`;

  const show = (errors: RowError[]) => {
    const rows = getValues('rows');
    errors.forEach((e, i) => setError(`rows.${e.at}.${e.field}`, { type: 'validate', message: e.message }, { shouldFocus: i === 0 }));
    setRowErrors(errors.map((e) => ({ ...e, row: rows[e.at]?.row ?? e.at + 1 })));
  };

  const onFile = async (file: File) => {
    setFormError(null);
    setAdded(null);
    clearErrors();
    const parsed = parseQuickOrderCsv(await file.text());
    if ('error' in parsed) return setFormError(parsed.error);
    if (parsed.rows.length === 0) return setFormError('The file has no rows under its header.');
    if (parsed.rows.length > CART_BULK_LINES_MAX) return setFormError(`A file may hold at most ${CART_BULK_LINES_MAX} rows.`);
    const { rows, errors } = rowsFromCsv(parsed.rows);
    replace(rows);
    setRowErrors([]);
    // After the new rows are drawn, so the messages land on them.
    setTimeout(() => show(errors));
  };

  const onSubmit = handleSubmit(async ({ rows }) => {
    setFormError(null);
    setAdded(null);
    setRowErrors([]);
    const { lines, sentFrom, errors } = linesToSend(rows);
    if (errors.length) return show(errors);
    if (lines.length === 0) return setFormError('Enter at least one SKU and quantity.');
    try {
      await add.mutateAsync(lines);
      toast.success('Added to cart');
      setAdded(lines.length);
      reset({ rows: emptyRows(PAD_ROWS_STEP) });
    } catch (err) {
      const refused = err instanceof ApiClientError ? rowErrorsFromServer(err.lines, sentFrom) : [];
      setFormError(errorMessage(err, 'Could not add to the cart. Please try again.'));
      if (refused.length) show(refused);
    }
  });

  return (
    <div className="space-y-6">
      <FileField
        label="Upload CSV"
        hint="A file with the header sku,quantity and one part per line"
        accept=".csv,text/csv,text/plain"
        busy={false}
        onFile={(file) => void onFile(file)}
      />
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Quick order">
        <SkuSuggestions id={suggestionsId} text={typing} />
        <FormError message={formError} variant="panel" />
        {rowErrors.length > 0 && (
          <ul className="list-disc pl-6 text-sm" aria-label="Rows to fix">
            {rowErrors.map((e) => (
              <li key={`${e.at}-${e.field}`}>
                Row {e.row}: <MessageText message={e.message} />
              </li>
            ))}
          </ul>
        )}
        <div className="space-y-2">
          {fields.map((field, at) => (
            <fieldset key={field.id} className="grid grid-cols-[3rem_1fr_7rem] items-start gap-2 sm:grid-cols-[4rem_1fr_10rem]">
              <legend className="sr-only">Row {field.row}</legend>
              <span className="pt-8 text-sm text-base-content/70" aria-hidden="true">
                {field.row}
              </span>
              <TextField
                label={
                  <>
                    SKU<span className="sr-only"> row {field.row}</span>
                  </>
                }
                id={`quick-sku-${field.id}`}
                list={suggestionsId}
                autoComplete="off"
                spellCheck={false}
                error={formState.errors.rows?.[at]?.sku}
                registration={register(`rows.${at}.sku`, { onChange: (e: { target: HTMLInputElement }) => setTyping(e.target.value) })}
                onFocus={(e) => setTyping(e.currentTarget.value)}
              />
              <TextField
                label={
                  <>
                    Quantity<span className="sr-only"> row {field.row}</span>
                  </>
                }
                id={`quick-qty-${field.id}`}
                inputMode="numeric"
                autoComplete="off"
                error={formState.errors.rows?.[at]?.quantity}
                registration={register(`rows.${at}.quantity`)}
              />
            </fieldset>
          ))}
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-outline" onClick={() => append(emptyRows(PAD_ROWS_STEP, fields.at(-1)?.row ?? 0))}>
            Add rows
          </button>
          <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Adding…' : 'Add to cart'}
          </button>
        </div>
        <p aria-live="polite">
          {added !== null && (
            <>
              {added} {added === 1 ? 'line' : 'lines'} added.{' '}
              <Link to="/cart" className="link">
                View cart
              </Link>
            </>
          )}
        </p>
      </form>
    </div>
  );
}
