import type { ClipboardEvent } from 'react';
import type { FieldArrayWithId, UseFormRegister } from 'react-hook-form';
import type { CartLinePreview } from '@bulkparts/shared';
import { formatUnitPriceDollars } from '@bulkparts/shared/money';
import { CellInput, ERROR_TEXT } from '@/components/ui/form';
import { MessageText } from '@/components/ui/message-text';
import type { PadRow, RowProblem } from '../quick-order-rows';

export interface GridValues {
  rows: PadRow[];
}

interface GridProps {
  fields: FieldArrayWithId<GridValues, 'rows', 'id'>[];
  register: UseFormRegister<GridValues>;
  problems: ReadonlyMap<number, RowProblem>;
  /** The preview's line for each grid position whose SKU it was asked for. */
  previews: ReadonlyMap<number, CartLinePreview>;
  suggestionsId: string;
  onSkuTyping: (text: string) => void;
  /** A paste of several cells into a SKU cell fills the grid from that row. */
  onPasteCells: (at: number, text: string) => void;
  onRemove: (at: number) => void;
}

const problemId = (id: string) => `quick-problem-${id}`;

/**
 * The quick order grid (issue 33): one header, then per row its number, the SKU (suggested as
 * typed), the product it names and its price per piece for the quantity, the quantity, and the
 * problem the add would refuse it for, in words next to the cell at fault. Compact enough for 100 rows.
 */
export function QuickOrderGrid({ fields, register, problems, previews, suggestionsId, onSkuTyping, onPasteCells, onRemove }: GridProps) {
  const pasteCells = (at: number) => (e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData('text');
    if (!/[\t\n]/.test(text.trim())) return;
    e.preventDefault();
    onPasteCells(at, text);
  };
  return (
    <div className="overflow-x-auto rounded-box border border-base-300">
      <table className="table table-xs sm:table-sm">
        <caption className="sr-only">Quick order lines</caption>
        <thead>
          <tr>
            <th scope="col" className="w-8">
              #
            </th>
            <th scope="col" className="min-w-32">
              SKU
            </th>
            <th scope="col" className="min-w-36">
              Product
            </th>
            <th scope="col">Price</th>
            <th scope="col" className="min-w-24">
              Quantity
            </th>
            <th scope="col" className="min-w-40">
              Problem
            </th>
            <th scope="col">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field, at) => {
            const n = at + 1;
            const problem = problems.get(at);
            const preview = previews.get(at);
            const describedBy = problem ? problemId(field.id) : undefined;
            return (
              <tr key={field.id} className={problem ? 'bg-red-50' : undefined}>
                <td className="text-base-content/70">{n}</td>
                <td>
                  <CellInput
                    id={`quick-sku-${field.id}`}
                    label={`SKU row ${n}`}
                    list={suggestionsId}
                    autoComplete="off"
                    spellCheck={false}
                    className="input input-bordered input-sm w-full font-mono uppercase"
                    invalid={problem?.field === 'sku'}
                    describedBy={describedBy}
                    registration={register(`rows.${at}.sku`, { onChange: (e: { target: HTMLInputElement }) => onSkuTyping(e.target.value) })}
                    onFocus={(e) => onSkuTyping(e.currentTarget.value)}
                    onPaste={pasteCells(at)}
                  />
                </td>
                <td className="text-sm">{preview?.name ?? ''}</td>
                <td className="whitespace-nowrap text-sm">
                  {preview?.unitPrice != null && (
                    <>
                      {formatUnitPriceDollars(preview.unitPrice)}
                      <span className="text-base-content/70"> / piece</span>
                    </>
                  )}
                </td>
                <td>
                  <CellInput
                    id={`quick-qty-${field.id}`}
                    label={`Quantity row ${n}`}
                    inputMode="numeric"
                    autoComplete="off"
                    invalid={problem?.field === 'quantity'}
                    describedBy={describedBy}
                    registration={register(`rows.${at}.quantity`)}
                    onPaste={pasteCells(at)}
                  />
                </td>
                <td id={problemId(field.id)} className={`text-sm ${ERROR_TEXT}`}>
                  {problem && <MessageText message={problem.message} />}
                </td>
                <td>
                  <button type="button" className="btn btn-ghost btn-xs" aria-label={`Remove row ${n}`} onClick={() => onRemove(at)}>
                    <span aria-hidden="true">✕</span>
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
