import { useState } from 'react';
import { toast } from 'react-toastify';
import type { ImportError, ProductImportResult } from '@bulkparts/shared';
import {
  PRODUCT_CSV_ATTRIBUTE_PREFIX,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_IMAGES_COLUMN,
  PRODUCT_CSV_LIST_SEPARATOR,
  PRODUCT_IMPORT_MAX_BYTES,
} from '@bulkparts/shared/catalog';
import { DataTable } from '@/components/ui/data-table';
import { FileField, FormError } from '@/components/ui/form';
import { errorMessage } from '@/lib/api-client';
import { CATALOGUE_CSV_URL, importErrorResult, useImportProducts } from '../api/import-products';
import { formatNumber } from '@bulkparts/shared/money';

type Stage = { kind: 'idle' } | { kind: 'sending'; file: File; dryRun: boolean; sent: number } | { kind: 'preview'; file: File; result: ProductImportResult };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 'N products will be created, M updated': what the checked file would do. */
export function previewSummary({ created, updated }: ProductImportResult): string {
  return `${plural(created, 'product', 'products')} will be created, ${updated} updated`;
}

/**
 * CSV import: a picked file is checked first (a dry run that writes nothing) and its outcome and
 * every row error shown; only a file without errors can then be imported. Both requests upload the
 * file with a progress bar, since a whole catalogue can be large.
 */
export function ProductImport() {
  const send = useImportProducts();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [problem, setProblem] = useState<string | null>(null);

  async function upload(file: File, dryRun: boolean) {
    setProblem(null);
    setStage({ kind: 'sending', file, dryRun, sent: 0 });
    try {
      const result = await send.mutateAsync({ file, dryRun, onProgress: (sent) => setStage((s) => (s.kind === 'sending' ? { ...s, sent } : s)) });
      if (dryRun) return setStage({ kind: 'preview', file, result });
      toast.success(`Imported: ${result.created} created, ${result.updated} updated`);
      setStage({ kind: 'idle' });
    } catch (err) {
      // A refused import (rows went bad since the check) answers its row errors: show them.
      const refused = importErrorResult(err);
      if (refused) return setStage({ kind: 'preview', file, result: refused });
      setProblem(errorMessage(err, 'The file could not be sent. Try again.'));
      setStage({ kind: 'idle' });
    }
  }

  function onFile(file: File) {
    if (file.size > PRODUCT_IMPORT_MAX_BYTES) {
      setStage({ kind: 'idle' });
      return setProblem(`The file is too large: at most ${PRODUCT_IMPORT_MAX_BYTES / (1024 * 1024)} MB.`);
    }
    void upload(file, true);
  }

  const sending = stage.kind === 'sending';
  return (
    <section className="max-w-4xl space-y-4">
      <h1 className="text-2xl font-bold">Import products</h1>
      <div className="space-y-2 text-sm">
        <p>
          A CSV file with a header row. Columns: <code>{PRODUCT_CSV_COLUMNS.join(', ')}</code>; one <code>{PRODUCT_CSV_ATTRIBUTE_PREFIX}&lt;Name&gt;</code>{' '}
          column per specification (e.g. <code>{PRODUCT_CSV_ATTRIBUTE_PREFIX}Thread</code>); and optionally <code>{PRODUCT_CSV_IMAGES_COLUMN}</code>, more image
          URLs separated by <code>{PRODUCT_CSV_LIST_SEPARATOR}</code>.
        </p>
        <p>Rows are matched by SKU: a known SKU updates that product, a new one creates a product. Nothing is written while any row has an error.</p>
        <p>
          <a className="link link-primary" href={CATALOGUE_CSV_URL} download>
            Download the current catalogue as CSV
          </a>
        </p>
      </div>
      <FileField label="CSV file" accept=".csv,text/csv" busy={sending} onFile={onFile} />
      <FormError message={problem} />
      {stage.kind === 'sending' && <SendProgress dryRun={stage.dryRun} sent={stage.sent} />}
      {stage.kind === 'preview' && (
        <ImportPreview result={stage.result} fileName={stage.file.name} busy={sending} onImport={() => void upload(stage.file, false)} />
      )}
    </section>
  );
}

function SendProgress({ dryRun, sent }: { dryRun: boolean; sent: number }) {
  const percent = Math.round(sent * 100);
  const label = sent < 1 ? `Uploading… ${percent}%` : dryRun ? 'Checking the file…' : 'Importing…';
  return (
    <div className="max-w-md space-y-1">
      <progress className="progress progress-primary w-full" value={percent} max={100} aria-label="Upload progress" />
      <p role="status">{label}</p>
    </div>
  );
}

function ImportPreview({ result, fileName, busy, onImport }: { result: ProductImportResult; fileName: string; busy: boolean; onImport: () => void }) {
  const count = result.errors.length;
  const rows = result.errors.map((e, i) => ({ ...e, key: `${i}` }));
  return (
    <div className="space-y-3">
      <h2 className="text-lg font-semibold">{fileName}</h2>
      <p>{previewSummary(result)}</p>
      {count > 0 && (
        <>
          <FormError
            variant="panel"
            message={`${plural(count, 'problem', 'problems')} in this file. Nothing was imported: fix the file and choose it again.`}
          />
          <DataTable<ImportError & { key: string }>
            rows={rows}
            rowKey={(e) => e.key}
            columns={[
              { header: 'Row', cell: (e) => formatNumber(e.row) },
              { header: 'Column', cell: (e) => e.column || '(whole row)' },
              { header: 'Problem', cell: (e) => e.message },
            ]}
          />
        </>
      )}
      <button type="button" className="btn btn-primary" disabled={count > 0 || busy} onClick={onImport}>
        Import
      </button>
    </div>
  );
}
