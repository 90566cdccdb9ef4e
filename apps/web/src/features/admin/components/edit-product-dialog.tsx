import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { Product, ProductInput, ProductPatch } from '@bulkparts/shared';
import { applyFieldErrors, NumberField, TextareaField, TextField } from '@/components/ui/form';
import { ApiClientError } from '@/lib/api-client';
import { useUpdateProduct } from '../api/update-product';
import {
  BackorderFields,
  CategorySelect,
  LOW_STOCK_HINT,
  LOW_STOCK_LABEL,
  MoreImages,
  ORDER_MULTIPLE_HINT,
  PriceTierRows,
  SpecificationRows,
  UNSPSC_HINT,
  UNSPSC_LABEL,
} from './product-catalogue-fields';
import { TaxClassSelect } from './tax-class-select';
import { productFormResolver, productFormValues, type ProductFormValues } from './product-form-values';

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);
// Specifications keep their order (the details page lists them so), so a reordering is a change.
const sameAttributes = (a: Record<string, string>, b: Record<string, string>) => JSON.stringify(Object.entries(a)) === JSON.stringify(Object.entries(b));
type Tiers = readonly { minQuantity: number; price: number }[];
const sameTiers = (a: Tiers, b: Tiers) => a.length === b.length && a.every((t, i) => t.minQuantity === b[i]?.minQuantity && t.price === b[i]?.price);

/**
 * Only the fields the admin changed. A changed stock carries the figure the dialog opened with, so
 * the server refuses it (409, with today's figure) when orders moved the stock meanwhile, instead
 * of putting sold pieces back on sale. A changed image list goes whole (`images`, main first).
 */
export function changedFields(product: Product, values: ProductInput): ProductPatch {
  const patch: ProductPatch = {};
  for (const key of [
    'sku',
    'name',
    'description',
    'brand',
    'category',
    'price',
    'minimumOrderQuantity',
    'orderMultiple',
    'lowStockThreshold',
    'unspsc',
  ] as const) {
    if (values[key] !== product[key]) Object.assign(patch, { [key]: values[key] });
  }
  // Issue 30: an answer without a class is `standard`.
  if (values.taxClass !== (product.taxClass ?? 'standard')) patch.taxClass = values.taxClass;
  if (!sameAttributes(values.attributes, product.attributes)) patch.attributes = values.attributes;
  // The tiers go whole ([] removes them all); the server checks them against the stored price.
  if (!sameTiers(values.priceTiers, product.priceTiers)) patch.priceTiers = values.priceTiers;
  // Issue 31: the settings go whole.
  if (JSON.stringify(values.backorder) !== JSON.stringify(product.backorder)) patch.backorder = values.backorder;
  if (!sameList(values.images, product.images)) Object.assign(patch, { img: values.img, images: values.images });
  if (values.availableQuantity !== product.availableQuantity) {
    patch.availableQuantity = values.availableQuantity;
    patch.expectedAvailableQuantity = product.availableQuantity;
  }
  return patch;
}

/** Edits a product (PATCH /api/service/:id with the changed fields only) in a modal. */
export function EditProductDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const update = useUpdateProduct();
  const form = useForm<ProductFormValues, unknown, ProductInput>({ resolver: productFormResolver, defaultValues: productFormValues(product) });
  const { register, handleSubmit, setError, formState } = form;
  const { errors } = formState;
  useEffect(() => ref.current?.showModal(), []);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const patch = changedFields(product, values);
      if (Object.keys(patch).length > 0) await update.mutateAsync({ id: product._id, patch });
      toast.success('Product updated');
      onClose();
    } catch (err) {
      applyFieldErrors(err, setError);
      if (err instanceof ApiClientError) toast.error(err.message);
    }
  });

  return (
    <dialog ref={ref} className="modal" aria-labelledby="edit-product-title" onCancel={(e) => (e.preventDefault(), onClose())}>
      <form onSubmit={onSubmit} noValidate className="modal-box max-w-2xl space-y-3">
        <h2 id="edit-product-title" className="text-lg font-bold">
          Edit {product.name}
        </h2>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="SKU" registration={register('sku')} error={errors.sku} />
          <TextField label="Name" registration={register('name')} error={errors.name} />
          <TextField label="Brand" registration={register('brand')} error={errors.brand} />
          <TextField label={UNSPSC_LABEL} hint={UNSPSC_HINT} inputMode="numeric" registration={register('unspsc')} error={errors.unspsc} />
          <TaxClassSelect registration={register('taxClass')} error={errors.taxClass} />
          <CategorySelect form={form} />
        </div>
        <TextField label="Image URL" registration={register('img')} error={errors.img} />
        <TextareaField label="Description" registration={register('description')} error={errors.description} />
        <NumberField label="Price ($)" step="0.0001" register={register} name="price" error={errors.price} />
        <NumberField label="Minimum order quantity" register={register} name="minimumOrderQuantity" error={errors.minimumOrderQuantity} />
        <NumberField label="Available quantity" register={register} name="availableQuantity" error={errors.availableQuantity} />
        <NumberField label="Order multiple" hint={ORDER_MULTIPLE_HINT} register={register} name="orderMultiple" error={errors.orderMultiple} />
        <NumberField label={LOW_STOCK_LABEL} hint={LOW_STOCK_HINT} min={0} register={register} name="lowStockThreshold" error={errors.lowStockThreshold} />
        <BackorderFields form={form} />
        <PriceTierRows form={form} />
        <MoreImages form={form} />
        <SpecificationRows form={form} />
        <div className="modal-action">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
            Save
          </button>
        </div>
      </form>
    </dialog>
  );
}
