import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { CART_BULK_LINES_MAX, type CartLinePreview } from '@bulkparts/shared';
import { formatDollars } from '@bulkparts/shared/money';
import { FileField, FormError } from '@/components/ui/form';
import { ApiClientError, errorMessage } from '@/lib/api-client';
import { useDebounced } from '@/lib/use-debounced';
import { useAddCartLines, type AddLine } from '../api/add-cart-lines';
import { cartQueries } from '../api/cart-queries';
import { emptyRows, linesToSend, PAD_ROWS_STEP, problemsFromServer, rowProblems, rowsAfterPaste, type RowProblem } from '../quick-order-rows';
import { PasteBox } from '@/components/ui/paste-box';
import { QuickOrderGrid, type GridValues } from './quick-order-grid';
import { SkuSuggestions } from './sku-suggestions';

/** How long the grid waits after the last keystroke before asking for names, prices and problems. */
const PREVIEW_PAUSE_MS = 350;

/**
 * The quick order pad (issue 33): lines pasted from a spreadsheet, read from a file or typed, in one
 * grid; the server previews every row (product, price, the product's own rule) as it is filled, so
 * every bad row shows at once, and the summary beside the button says how many are left to fix.
 * 'Add all to cart' is one all-or-nothing add, which checks every line again.
 */
export function QuickOrderPad() {
  const id = useId();
  const add = useAddCartLines();
  const [typing, setTyping] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [added, setAdded] = useState<number | null>(null);
  const [refused, setRefused] = useState<{ key: string; problems: Map<number, RowProblem> } | null>(null);
  const { control, register, handleSubmit, getValues, setFocus, formState } = useForm<GridValues>({ defaultValues: { rows: emptyRows(PAD_ROWS_STEP) } });
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'rows' });
  const rows = useWatch({ control, name: 'rows' });

  const sent = useMemo(() => linesToSend(rows), [rows]);
  const sentKey = JSON.stringify(sent.lines);
  const settled = useDebounced(sent, PREVIEW_PAUSE_MS);
  const preview = useQuery({ ...cartQueries.preview(settled.lines), enabled: settled.lines.length > 0 });

  // The preview answers the lines as they were a moment ago: each line applies only to the row that still has its SKU.
  const previews = useMemo(() => {
    const byRow = new Map<number, CartLinePreview>();
    for (const line of preview.data?.lines ?? []) {
      const at = settled.sentFrom[line.index];
      if (at !== undefined && rows[at]?.sku.trim() === line.sku) byRow.set(at, line);
    }
    return byRow;
  }, [preview.data, settled.sentFrom, rows]);
  const problems = useMemo(() => {
    const fromServer = new Map<number, RowProblem>();
    for (const [at, l] of previews) if (l.problem) fromServer.set(at, { field: l.field ?? 'quantity', message: l.problem });
    // A refused add's lines stand until the rows change.
    if (refused?.key === sentKey) for (const [at, p] of refused.problems) fromServer.set(at, p);
    return rowProblems(rows, fromServer);
  }, [rows, previews, refused, sentKey]);
  const upToDate = JSON.stringify(settled.lines) === sentKey && !preview.isFetching;
  const subtotal = [...previews.entries()].reduce((sum, [at, l]) => sum + (problems.has(at) ? 0 : (l.lineTotal ?? 0)), 0);

  const fill = (text: string, from?: number) => {
    setFormError(null);
    setAdded(null);
    const current = getValues('rows');
    const before = from === undefined ? current : current.slice(0, from);
    const after = from === undefined ? [] : current.slice(from + 1).filter((r) => r.sku.trim() || r.quantity.trim());
    const next = rowsAfterPaste(before, text);
    if (next.read === 0) return setFormError('No lines to read: put one part per line, its SKU and then its quantity.');
    const all = [...next.rows.slice(0, -1), ...after, ...emptyRows(1)];
    if (all.length - 1 > CART_BULK_LINES_MAX) return setFormError(`At most ${CART_BULK_LINES_MAX} lines at once.`);
    replace(all);
    setNote(`Read ${next.read} ${next.read === 1 ? 'line' : 'lines'}${next.header ? ' (the header row was skipped)' : ''}.`);
  };

  const focusFirst = (found: ReadonlyMap<number, RowProblem>) => {
    const first = [...found.keys()].sort((a, b) => a - b)[0];
    if (first !== undefined) setFocus(`rows.${first}.${found.get(first)!.field}`);
  };

  const onSubmit = handleSubmit(async ({ rows: values }) => {
    setFormError(null);
    setAdded(null);
    const { lines, sentFrom } = linesToSend(values);
    if (lines.length === 0) return setFormError('Enter at least one SKU and quantity, or paste lines from a spreadsheet.');
    if (problems.size > 0 && upToDate) {
      focusFirst(problems);
      return setFormError(`Fix the ${problems.size === 1 ? 'row' : `${problems.size} rows`} marked below before adding.`);
    }
    try {
      await add.mutateAsync(lines as AddLine[]);
      toast.success('Added to cart');
      setAdded(lines.length);
      setNote(null);
      setRefused(null);
      replace(emptyRows(PAD_ROWS_STEP));
    } catch (err) {
      const found = err instanceof ApiClientError ? problemsFromServer(err.lines, sentFrom) : new Map<number, RowProblem>();
      setFormError(errorMessage(err, 'Could not add to the cart. Please try again.'));
      if (found.size) {
        setRefused({ key: JSON.stringify(lines), problems: found });
        focusFirst(rowProblems(values, found));
      }
    }
  });

  const filled = sent.lines.length;
  return (
    <div className="space-y-6">
      <div className="grid gap-4 md:grid-cols-[2fr_1fr]">
        <PasteBox onRead={(text) => fill(text)} />
        <FileField
          label="Or upload a CSV file"
          hint="The same lines in a .csv or .txt file."
          accept=".csv,.tsv,.txt,text/csv,text/plain,text/tab-separated-values"
          busy={false}
          onFile={(file) => void file.text().then((text) => fill(text))}
        />
      </div>
      <p aria-live="polite" className="text-sm">
        {note}
      </p>
      <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Quick order">
        <SkuSuggestions id={`sku-suggestions${id}`} text={typing} />
        <QuickOrderGrid
          fields={fields}
          register={register}
          problems={problems}
          previews={previews}
          suggestionsId={`sku-suggestions${id}`}
          onSkuTyping={setTyping}
          onPasteCells={(at, text) => fill(text, at)}
          onRemove={(at) => (fields.length > 1 ? remove(at) : replace(emptyRows(1)))}
        />
        <button type="button" className="btn btn-outline btn-sm" onClick={() => append(emptyRows(PAD_ROWS_STEP))}>
          Add rows
        </button>
        <div className="sticky bottom-0 z-10 flex flex-wrap items-center justify-end gap-3 border-t border-base-300 bg-base-100 py-3">
          <FormError message={formError} variant="panel" />
          <p aria-live="polite" className="text-sm" data-testid="quick-order-summary">
            {filled} {filled === 1 ? 'line' : 'lines'}
            {problems.size > 0 && (
              <>
                {' · '}
                <span className="font-semibold text-red-700">{problems.size} to fix</span>
              </>
            )}
            {filled > 0 && ` · Subtotal ${formatDollars(subtotal)}`}
          </p>
          <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Adding…' : 'Add all to cart'}
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
