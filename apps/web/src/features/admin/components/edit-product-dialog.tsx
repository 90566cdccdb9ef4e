import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { productInputSchema, type Product, type ProductInput, type ProductPatch } from '@bulkparts/shared';
import { ApiClientError } from '@/lib/api-client';
import { useUpdateProduct } from '../api/update-product';

type FormValues = z.input<typeof productInputSchema>;

/**
 * Only the fields the admin changed. A changed stock carries the figure the dialog opened with, so
 * the server refuses it (409, with today's figure) when orders moved the stock meanwhile, instead
 * of putting sold pieces back on sale.
 */
export function changedFields(product: Product, values: ProductInput): ProductPatch {
  const patch: ProductPatch = {};
  for (const key of ['name', 'description', 'price', 'minimumOrderQuantity', 'img'] as const) {
    if (values[key] !== product[key]) Object.assign(patch, { [key]: values[key] });
  }
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
  const { register, handleSubmit, setError, formState } = useForm<FormValues, unknown, ProductInput>({
    resolver: zodResolver(productInputSchema),
    defaultValues: {
      name: product.name,
      description: product.description,
      price: product.price,
      minimumOrderQuantity: product.minimumOrderQuantity,
      availableQuantity: product.availableQuantity,
      img: product.img,
    },
  });
  const { errors } = formState;
  useEffect(() => ref.current?.showModal(), []);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const patch = changedFields(product, values);
      if (Object.keys(patch).length > 0) await update.mutateAsync({ id: product._id, patch });
      toast.success('Product updated');
      onClose();
    } catch (err) {
      if (err instanceof ApiClientError) {
        for (const [field, message] of Object.entries(err.fields)) setError(field as keyof FormValues, { message });
        toast.error(err.message);
      }
    }
  });

  const text = [
    ['name', 'Name', 'text'],
    ['img', 'Image URL', 'text'],
  ] as const;
  const numbers = [
    ['price', 'Price ($)', '0.01'],
    ['minimumOrderQuantity', 'Minimum order quantity', '1'],
    ['availableQuantity', 'Available quantity', '1'],
  ] as const;

  return (
    <dialog ref={ref} className="modal" aria-labelledby="edit-product-title" onCancel={(e) => (e.preventDefault(), onClose())}>
      <form onSubmit={onSubmit} noValidate className="modal-box space-y-3">
        <h2 id="edit-product-title" className="text-lg font-bold">
          Edit {product.name}
        </h2>
        {text.map(([name, label, type]) => (
          <label key={name} className="block">
            <span className="label-text mb-1 block">{label}</span>
            <input
              type={type}
              className="input input-bordered w-full"
              aria-invalid={Boolean(errors[name])}
              aria-describedby={`edit-${name}-error`}
              {...register(name)}
            />
            {errors[name] && (
              <span id={`edit-${name}-error`} role="alert" className="mt-1 block text-sm text-red-700">
                {errors[name]?.message}
              </span>
            )}
          </label>
        ))}
        <label className="block">
          <span className="label-text mb-1 block">Description</span>
          <textarea className="textarea textarea-bordered w-full" {...register('description')} />
        </label>
        {numbers.map(([name, label, step]) => (
          <label key={name} className="block">
            <span className="label-text mb-1 block">{label}</span>
            <input
              type="number"
              step={step}
              className="input input-bordered w-full"
              aria-invalid={Boolean(errors[name])}
              aria-describedby={`edit-${name}-error`}
              {...register(name, { valueAsNumber: true })}
            />
            {errors[name] && (
              <span id={`edit-${name}-error`} role="alert" className="mt-1 block text-sm text-red-700">
                {errors[name]?.message}
              </span>
            )}
          </label>
        ))}
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
