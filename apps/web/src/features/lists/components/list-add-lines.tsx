import { useState } from 'react';
import { parsePastedOrder, type ErrorLine, type RequisitionList } from '@bulkparts/shared';
import { PasteBox } from '@/components/ui/paste-box';
import { FileField, LinesFailureMessage, type LinesFailure } from '@/components/ui/form';
import { ApiClientError, errorMessage } from '@/lib/api-client';
import { toast } from 'react-toastify';
import { useUpdateList } from '../api/update-list';

/**
 * Lines pasted from a spreadsheet, or read from a CSV file, onto a list (issue 33), with the quick
 * order's parser: SKU and quantity a line. All or none: the server names every line it cannot take.
 */
export function ListAddLines({ list }: { list: RequisitionList }) {
  const update = useUpdateList();
  const [failure, setFailure] = useState<LinesFailure | null>(null);
  const add = async (text: string) => {
    setFailure(null);
    const { lines } = parsePastedOrder(text);
    const bad: ErrorLine[] = lines.flatMap((l, index) =>
      l.quantity === null || l.quantity < 1 ? [{ index, sku: l.sku, message: 'Quantity must be a whole number of pieces' }] : [],
    );
    if (lines.length === 0) return setFailure({ message: 'No lines to read: put one part per line, its SKU and then its quantity.', lines: [] });
    if (bad.length) return setFailure({ message: 'Some lines cannot be read; nothing was added', lines: bad });
    try {
      await update.mutateAsync({ id: list._id, patch: { add: lines.map((l) => ({ sku: l.sku, quantity: Math.min(l.quantity!, 1000) })) } });
      toast.success(`${lines.length} ${lines.length === 1 ? 'line' : 'lines'} added to ${list.name}`);
    } catch (err) {
      setFailure({ message: errorMessage(err, 'Could not add the lines. Please try again.'), lines: err instanceof ApiClientError ? err.lines : [] });
    }
  };
  return (
    <section aria-labelledby="list-add-title" className="space-y-3">
      <h2 id="list-add-title" className="text-lg font-semibold">
        Add lines
      </h2>
      <div className="grid gap-4 md:grid-cols-[2fr_1fr]">
        <PasteBox onRead={add} submitLabel="Add to the list" pending={update.isPending} />
        <FileField
          label="Or read a CSV file"
          hint="SKU and quantity a line; a header row is skipped."
          accept=".csv,.tsv,.txt,text/csv,text/plain"
          busy={update.isPending}
          onFile={(file) => void file.text().then(add)}
        />
      </div>
      <LinesFailureMessage failure={failure} />
    </section>
  );
}
