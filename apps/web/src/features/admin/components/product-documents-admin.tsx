import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { DOCUMENT_KIND_LABELS, DOCUMENT_KINDS, DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES, type DocumentKind, type Product } from '@bulkparts/shared';
import { formatFileSize } from '@bulkparts/shared/documents';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { applyFieldErrors, FormError, FormField, TextField } from '@/components/ui/form';
import { companyQueries } from '@/features/companies/api/company-queries';
import { errorMessage } from '@/lib/api-client';
import { withToast } from '@/lib/toast-action';
import { useDeleteProductDocument } from '../api/delete-product-document';
import { useUploadProductDocument } from '../api/upload-product-document';

interface DocumentValues {
  title: string;
  kind: DocumentKind;
  audience: 'everyone' | 'companies';
  companies: string[];
  file: FileList | null;
}

/**
 * A shop admin's documents of a product (issue 33): each with who sees it and Delete, and the upload
 * of a PDF (at most 20 MB) with its title, kind, and everyone or chosen companies.
 */
export function ProductDocumentsAdmin({ product }: { product: Product }) {
  const upload = useUploadProductDocument();
  const remove = useDeleteProductDocument();
  const companies = useQuery(companyQueries.list({ limit: 100 }));
  const names = new Map((companies.data?.items ?? []).map((c) => [c.id, c.name]));
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; title: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    reset,
    formState,
    control,
  } = useForm<DocumentValues>({
    defaultValues: { title: '', kind: 'datasheet', audience: 'everyone', companies: [], file: null },
  });
  const audience = useWatch({ control, name: 'audience' });
  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    const file = values.file?.[0];
    if (!file) return setFieldError('file', { type: 'required', message: DOCUMENT_MESSAGES.noFile });
    if (file.size > DOCUMENT_MAX_BYTES) return setFieldError('file', { type: 'validate', message: DOCUMENT_MESSAGES.tooLarge });
    const chosen = values.audience === 'companies' ? values.companies : [];
    if (values.audience === 'companies' && chosen.length === 0) return setFieldError('companies', { type: 'required', message: 'Choose at least one company' });
    try {
      setProgress(0);
      const doc = await upload.mutateAsync({
        productId: product._id,
        file,
        title: values.title,
        kind: values.kind,
        companies: chosen,
        onProgress: setProgress,
      });
      toast.success(`${doc.title} added`);
      reset();
    } catch (err) {
      if (!applyFieldErrors(err, setFieldError, { only: ['file', 'title', 'kind', 'companies'] }))
        setError(errorMessage(err, 'Could not upload the document.'));
    } finally {
      setProgress(null);
    }
  });
  const documents = product.documents ?? [];
  return (
    <section aria-labelledby="documents-admin-title" className="space-y-3 rounded-box border border-base-300 p-4">
      <h2 id="documents-admin-title" className="text-lg font-semibold">
        Manage documents
      </h2>
      {documents.length > 0 && (
        <ul className="space-y-1 text-sm">
          {documents.map((d) => (
            <li key={d._id} className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">{d.title}</span>
              <span className="text-base-content/70">
                {DOCUMENT_KIND_LABELS[d.kind]}, {formatFileSize(d.size)},{' '}
                {d.companies?.length ? `shown to ${d.companies.map((id) => names.get(id) ?? id).join(', ')}` : 'shown to everyone'}
              </span>
              <button type="button" className="btn btn-ghost btn-xs text-red-700" onClick={() => setDeleting({ id: d._id, title: d.title })}>
                Delete<span className="sr-only"> {d.title}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Upload a document">
        <FormField label="PDF file" hint={`At most ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB`} error={formState.errors.file}>
          {(c) => (
            <input
              type="file"
              accept="application/pdf,.pdf"
              className="file-input file-input-bordered file-input-sm w-full max-w-xs"
              {...c}
              {...register('file')}
            />
          )}
        </FormField>
        <div className="flex flex-wrap gap-3">
          <TextField
            label="Title"
            className="min-w-48 flex-1"
            inputClassName="input input-bordered input-sm w-full"
            registration={register('title')}
            error={formState.errors.title}
          />
          <FormField label="Kind" error={formState.errors.kind}>
            {(c) => (
              <select className="select select-bordered select-sm" {...c} {...register('kind')}>
                {DOCUMENT_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {DOCUMENT_KIND_LABELS[k]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <fieldset className="space-y-1">
          <legend className="font-semibold">Shown to</legend>
          <label className="flex items-center gap-2">
            <input type="radio" className="radio radio-sm" value="everyone" {...register('audience')} /> Everyone who sees the product
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" className="radio radio-sm" value="companies" {...register('audience')} /> Only the companies chosen
          </label>
          {audience === 'companies' && (
            <div className="max-h-48 space-y-1 overflow-y-auto pl-6" role="group" aria-label="Companies">
              {(companies.data?.items ?? []).map((c) => (
                <label key={c.id} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" className="checkbox checkbox-sm" value={c.id} {...register('companies')} /> {c.name}
                </label>
              ))}
              {formState.errors.companies && (
                <p role="alert" className="text-sm text-red-700">
                  {formState.errors.companies.message}
                </p>
              )}
            </div>
          )}
        </fieldset>
        <FormError message={error} />
        <button type="submit" className="btn btn-primary btn-sm" disabled={formState.isSubmitting}>
          {progress === null ? 'Upload document' : `Uploading… ${Math.round(progress * 100)}%`}
        </button>
      </form>
      <ConfirmDialog
        open={deleting !== null}
        message={deleting ? `Delete ${deleting.title}? Nobody will be able to download it any more.` : undefined}
        onConfirm={() => {
          const d = deleting;
          setDeleting(null);
          if (d) void withToast(() => remove.mutateAsync({ productId: product._id, documentId: d.id }), `${d.title} deleted`, 'Could not delete the document');
        }}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
