import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { companyPriceInputSchema, type Company, type CompanyPrice } from '@bulkparts/shared';
import { formatUnitPriceDollars } from '@bulkparts/shared/money';
import { SEARCH_SUGGEST_MIN_LENGTH } from '@bulkparts/shared/search';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { applyFieldErrors, FormError, NumberField, TextField } from '@/components/ui/form';
import { LoadFailure } from '@/components/ui/load-failure';
import { PageSpinner } from '@/components/ui/page-spinner';
import { productQueries } from '@/features/products/api/product-queries';
import { errorMessage } from '@/lib/api-client';
import { withToast } from '@/lib/toast-action';
import { companyQueries } from '../api/company-queries';
import { useRemoveCompanyPrice } from '../api/remove-company-price';
import { useSetCompanyPrice } from '../api/set-company-price';

const SUGGESTIONS = 6;
const DEBOUNCE_MS = 200;

const priceFormSchema = z.object({
  sku: z.string().trim().min(1, 'SKU is required'),
  price: companyPriceInputSchema.shape.price,
});
type PriceFormValues = z.input<typeof priceFormSchema>;
// null empties a NumberField (undefined would keep the typed figure after `reset`).
const noNumber = null as unknown as number;

/** The catalogue's search (the top bar's read, `limit=6`) after a pause in typing: the SKU field's suggestions. */
function useSkuSearch(text: string) {
  const trimmed = text.trim();
  const [query, setQuery] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setQuery(trimmed), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [trimmed]);
  const enabled = query.length >= SEARCH_SUGGEST_MIN_LENGTH;
  const result = useQuery({ ...productQueries.list({ q: query, limit: SUGGESTIONS }), enabled });
  return enabled ? (result.data?.items ?? []) : [];
}

/** Sets (or changes) the company's price of one product, the product found by its SKU in the catalogue. */
function CompanyPriceForm({ company }: { company: Company }) {
  const listId = useId();
  const qc = useQueryClient();
  const setPrice = useSetCompanyPrice();
  const { register, handleSubmit, setError, reset, control, formState } = useForm<PriceFormValues, unknown, z.output<typeof priceFormSchema>>({
    resolver: zodResolver(priceFormSchema),
    defaultValues: { sku: '', price: noNumber },
  });
  const { errors } = formState;
  const typedSku = useWatch({ control, name: 'sku' });
  const suggestions = useSkuSearch(typedSku ?? '');

  const onSubmit = handleSubmit(async ({ sku, price }) => {
    try {
      // The SKU names the product: the catalogue's search finds it, and only an exact SKU counts.
      const found = await qc.fetchQuery(productQueries.list({ q: sku, limit: SUGGESTIONS }));
      const product = found.items.find((p) => p.sku.toLowerCase() === sku.toLowerCase());
      if (!product) {
        setError('sku', { message: 'No product has this SKU' }, { shouldFocus: true });
        return;
      }
      const saved = await setPrice.mutateAsync({ companyId: company.id, productId: product._id, price });
      toast.success(`${saved.sku} costs ${company.name} ${formatUnitPriceDollars(saved.price)}`);
      reset({ sku: '', price: noNumber });
    } catch (err) {
      if (!applyFieldErrors(err, setError, { only: ['price'], shouldFocus: true }))
        setError('root', { message: errorMessage(err, 'Could not save the price.') });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 rounded-box bg-base-200 p-3" aria-label={`Set a price for ${company.name}`}>
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
        <TextField
          label="Product SKU"
          hint="Type part of the SKU or name to search the catalogue"
          list={listId}
          autoComplete="off"
          registration={register('sku')}
          error={errors.sku}
        />
        <NumberField label="Company price ($)" hint="Per piece" step="0.0001" min={0} register={register} name="price" error={errors.price} />
        <button type="submit" className="btn btn-primary sm:mt-7" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : 'Set price'}
        </button>
      </div>
      <datalist id={listId}>
        {suggestions.map((p) => (
          <option key={p._id} value={p.sku} label={`${p.name} (${formatUnitPriceDollars(p.price)})`} />
        ))}
      </datalist>
      <FormError message={errors.root?.message} />
    </form>
  );
}

/**
 * The company's own unit prices (issue 18): each product's list and company price, set by SKU and
 * removed after a question. Members pay the lowest of the tier price and the company price.
 */
export function AdminCompanyPrices({ company }: { company: Company }) {
  const prices = useQuery(companyQueries.prices(company.id));
  const remove = useRemoveCompanyPrice();
  const [removing, setRemoving] = useState<CompanyPrice | null>(null);

  function confirmRemove(price: CompanyPrice) {
    setRemoving(null);
    void withToast(
      () => remove.mutateAsync({ companyId: company.id, productId: price.productId }),
      `${price.sku} is at its list price for ${company.name} again`,
      'Could not remove the price',
    );
  }

  return (
    <section aria-labelledby="company-prices-title" className="space-y-3">
      <h3 id="company-prices-title" className="text-lg font-semibold">
        Company prices
      </h3>
      <p className="text-sm text-base-content/70">
        Fixed unit prices for chosen products. Members pay the lowest of the quantity-break price and this price
        {company.discountPercent ? `; other products are ${company.discountPercent}% off` : ''}.
      </p>
      {prices.isPending ? (
        <PageSpinner label="Loading the company's prices" />
      ) : prices.isError ? (
        <LoadFailure error={prices.error} onRetry={prices.refetch} />
      ) : prices.data.length === 0 ? (
        <p>No company prices yet.</p>
      ) : (
        <DataTable
          rows={prices.data}
          rowKey={(p) => p.productId}
          columns={[
            { header: 'SKU', className: 'font-mono break-all', cell: (p) => p.sku },
            { header: 'Product', className: 'break-words', cell: (p) => p.name },
            { header: 'List price', cell: (p) => formatUnitPriceDollars(p.listPrice) },
            { header: 'Company price', cell: (p) => <strong>{formatUnitPriceDollars(p.price)}</strong> },
            {
              header: 'Actions',
              cell: (p) => (
                <button
                  type="button"
                  className="btn btn-outline btn-xs border-red-700 text-red-700"
                  disabled={remove.isPending && remove.variables?.productId === p.productId}
                  onClick={() => setRemoving(p)}
                >
                  Remove<span className="sr-only"> the price of {p.sku}</span>
                </button>
              ),
            },
          ]}
        />
      )}
      <CompanyPriceForm company={company} />
      <ConfirmDialog
        open={removing !== null}
        message={removing ? `Remove ${company.name}'s price for ${removing.sku}? Its members pay the list price (less any discount) again.` : undefined}
        confirmLabel="Yes, remove"
        cancelLabel="No, keep"
        onConfirm={() => removing && confirmRemove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
