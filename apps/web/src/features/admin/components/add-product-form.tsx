import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { PHOTO_MAX_BYTES, PHOTO_TYPES, productInputSchema, type ProductInput } from '@bulkparts/shared';
import { ApiClientError, errorMessage } from '@/lib/api-client';
import { useCreateProduct } from '../api/create-product';
import { useUploadProductImage } from '../api/upload-product-image';

type FormValues = z.input<typeof productInputSchema>;
// Empty number inputs start (and after 'Successfully Add product' start again) with no value:
// writing NaN into them made the browser warn "The specified value "NaN" cannot be parsed".
const noNumber = undefined as unknown as number;
const empty: FormValues = { name: '', description: '', price: noNumber, minimumOrderQuantity: noNumber, availableQuantity: noNumber, img: '' };

const numberFields = [
  { name: 'price', label: 'Price (per piece, $)', step: '0.01' },
  { name: 'minimumOrderQuantity', label: 'Minimum order quantity', step: '1' },
  { name: 'availableQuantity', label: 'Available quantity', step: '1' },
] as const;

export function AddProductForm() {
  const create = useCreateProduct();
  const upload = useUploadProductImage();
  const fileId = useId();
  const { register, handleSubmit, reset, setError, setValue, formState } = useForm<FormValues, unknown, ProductInput>({
    resolver: zodResolver(productInputSchema),
    defaultValues: empty,
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      toast.success('Successfully Add product');
      reset(empty);
    } catch (err) {
      if (err instanceof ApiClientError) {
        for (const [field, message] of Object.entries(err.fields)) setError(field as keyof FormValues, { message });
        toast.error(err.message);
      }
    }
  });

  async function onFile(e: React.ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!(PHOTO_TYPES as readonly string[]).includes(file.type) || file.size > PHOTO_MAX_BYTES) {
      setError('img', { message: `Choose a JPEG, PNG or WebP image up to ${PHOTO_MAX_BYTES / 1024 / 1024} MB` });
      return;
    }
    try {
      const { url } = await upload.mutateAsync(file);
      setValue('img', url, { shouldValidate: true });
    } catch (err) {
      setError('img', { message: errorMessage(err, 'Upload failed') });
    }
  }

  const fieldError = (name: keyof FormValues) =>
    errors[name] && (
      <span id={`${name}-error`} role="alert" className="mt-1 block text-sm text-red-700">
        {errors[name]?.message}
      </span>
    );

  return (
    <form onSubmit={onSubmit} noValidate className="card max-w-2xl bg-base-100 shadow">
      <div className="card-body gap-4">
        <h1 className="card-title text-2xl">Add Product</h1>
        <label className="block">
          <span className="label-text mb-1 block">Name</span>
          <input className="input input-bordered w-full" aria-invalid={Boolean(errors.name)} aria-describedby="name-error" {...register('name')} />
          {fieldError('name')}
        </label>
        <label className="block">
          <span className="label-text mb-1 block">Description</span>
          <textarea
            className="textarea textarea-bordered h-24 w-full"
            aria-invalid={Boolean(errors.description)}
            aria-describedby="description-error"
            {...register('description')}
          />
          {fieldError('description')}
        </label>
        <div className="grid gap-4 sm:grid-cols-3">
          {numberFields.map((f) => (
            <label key={f.name} className="block">
              <span className="label-text mb-1 block">{f.label}</span>
              <input
                type="number"
                step={f.step}
                inputMode="decimal"
                className="input input-bordered w-full"
                aria-invalid={Boolean(errors[f.name])}
                aria-describedby={`${f.name}-error`}
                {...register(f.name, { valueAsNumber: true })}
              />
              {fieldError(f.name)}
            </label>
          ))}
        </div>
        <label className="block">
          <span className="label-text mb-1 block">Image URL</span>
          <input
            type="url"
            placeholder="https://…"
            className="input input-bordered w-full"
            aria-invalid={Boolean(errors.img)}
            aria-describedby="img-error"
            {...register('img')}
          />
          {fieldError('img')}
        </label>
        <div>
          <label htmlFor={fileId} className="label-text mb-1 block">
            Or upload an image
          </label>
          <input
            id={fileId}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            className="file-input file-input-bordered file-input-sm w-full max-w-xs"
            disabled={upload.isPending}
            onChange={(e) => void onFile(e)}
          />
          {upload.isPending && <p role="status">Uploading…</p>}
        </div>
        <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Adding…' : 'Add Product'}
        </button>
      </div>
    </form>
  );
}
