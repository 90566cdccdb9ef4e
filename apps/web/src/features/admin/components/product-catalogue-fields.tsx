import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useController, useFieldArray, type UseFormReturn } from 'react-hook-form';
import { ATTRIBUTES_MAX, PHOTO_TYPES, PRICE_TIERS_MAX, PRODUCT_IMAGES_MAX, photoFileProblem, type ProductInput } from '@bulkparts/shared';
import { FieldError, FileField, FormField, NumberField, TextField } from '@/components/ui/form';
import { errorMessage } from '@/lib/api-client';
import { categoryOptions } from '@/lib/category-tree';
import { categoryQueries } from '@/features/categories/api/categories-queries';
import { useUploadProductImage } from '../api/upload-product-image';
import type { ProductFormValues } from './product-form-values';

type ProductForm = UseFormReturn<ProductFormValues, unknown, ProductInput>;

/**
 * The category `<select>`: the tree indented by depth, '— none —' first. Controlled, so a product's
 * category shows once the list arrives; a category the list does not have (yet) stays selectable.
 */
export function CategorySelect({ form }: { form: ProductForm }) {
  const { field, fieldState } = useController({ control: form.control, name: 'category' });
  const categories = useQuery(categoryQueries.list());
  const options = categoryOptions(categories.data ?? []);
  const missing = field.value && !options.some((o) => o.slug === field.value);
  return (
    <FormField
      label="Category"
      error={fieldState.error}
      hint={categories.isError ? 'Could not load the categories.' : categories.isPending ? 'Loading categories…' : undefined}
    >
      {(control) => (
        <select className="select select-bordered w-full" {...control} {...field} value={field.value ?? ''}>
          <option value="">— none —</option>
          {missing && <option value={field.value}>{field.value}</option>}
          {options.map((o) => (
            <option key={o.slug} value={o.slug}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** Specification rows (name and value), up to 30; they become `attributes` on submit. */
export function SpecificationRows({ form }: { form: ProductForm }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'specs' });
  const errors = form.formState.errors.specs;
  return (
    <fieldset className="space-y-2">
      <legend className="font-semibold">Specifications</legend>
      {fields.length === 0 && <p className="text-sm text-base-content/70">None yet: add thread, material, size… as name and value.</p>}
      {fields.map((row, i) => (
        <div key={row.id} className="grid items-start gap-2 sm:grid-cols-[1fr_1fr_auto]">
          <TextField label={`Specification ${i + 1}`} placeholder="e.g. Thread" registration={form.register(`specs.${i}.name`)} error={errors?.[i]?.name} />
          <TextField
            label={`Value of specification ${i + 1}`}
            placeholder="e.g. M8"
            registration={form.register(`specs.${i}.value`)}
            error={errors?.[i]?.value}
          />
          <button type="button" className="btn btn-ghost btn-sm sm:mt-7" onClick={() => remove(i)} aria-label={`Remove specification ${i + 1}`}>
            Remove
          </button>
        </div>
      ))}
      <FieldError error={errors?.root ?? errors?.message} />
      <button type="button" className="btn btn-outline btn-sm" disabled={fields.length >= ATTRIBUTES_MAX} onClick={() => append({ name: '', value: '' })}>
        Add specification
      </button>
      {fields.length >= ATTRIBUTES_MAX && <p className="text-sm text-base-content/70">At most {ATTRIBUTES_MAX} specifications.</p>}
    </fieldset>
  );
}

export const ORDER_MULTIPLE_HINT = 'Pieces per pack: every order is a multiple of it (1 for none)';

/** Issue 19: the product's own threshold for the `product.low_stock` webhook. */
export const LOW_STOCK_LABEL = 'Low-stock alert below';
export const UNSPSC_LABEL = 'UNSPSC code';
export const UNSPSC_HINT = '8 digits (31161600 is bolts): a punchout cart files the line under it. Empty: none';
export const LOW_STOCK_HINT = 'Pieces: a stock take leaving fewer sends the low-stock webhook. Empty: the shop-wide setting; 0: never';

// An added tier row starts empty (null, as the form kit empties a number field).
const noNumber = null as unknown as number;

/**
 * Quantity breaks (issue 17): rows of 'From Ps' and 'Price', up to PRICE_TIERS_MAX. From a row's
 * quantity every piece of the line costs its price; rows left empty are dropped on submit. The
 * messages are the shared schema's (under the row) and the list's own (under the rows), the
 * server's `priceTiers` message included.
 */
export function PriceTierRows({ form }: { form: ProductForm }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'priceTiers' });
  const errors = form.formState.errors.priceTiers;
  return (
    <fieldset className="space-y-2">
      <legend className="font-semibold">Quantity prices</legend>
      <p className="text-sm text-base-content/70">
        {fields.length === 0
          ? 'None yet: every quantity pays the price per piece.'
          : 'From its quantity on, every piece of a line costs the tier’s price; each tier cheaper than the one before.'}
      </p>
      {fields.map((row, i) => (
        <div key={row.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
          <NumberField
            label={
              <>
                From Ps<span className="sr-only">, tier {i + 1}</span>
              </>
            }
            register={form.register}
            name={`priceTiers.${i}.minQuantity`}
            error={errors?.[i]?.minQuantity}
          />
          <NumberField
            label={
              <>
                Price ($)<span className="sr-only">, tier {i + 1}</span>
              </>
            }
            step="0.0001"
            register={form.register}
            name={`priceTiers.${i}.price`}
            error={errors?.[i]?.price}
          />
          <button type="button" className="btn btn-ghost btn-sm mt-7" onClick={() => remove(i)} aria-label={`Remove tier ${i + 1}`}>
            Remove
          </button>
        </div>
      ))}
      <FieldError error={errors?.root ?? errors?.message} />
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={fields.length >= PRICE_TIERS_MAX}
        onClick={() => append({ minQuantity: noNumber, price: noNumber })}
      >
        Add tier
      </button>
      {fields.length >= PRICE_TIERS_MAX && <p className="text-sm text-base-content/70">At most {PRICE_TIERS_MAX} tiers.</p>}
    </fieldset>
  );
}

/**
 * The images after the main one (`img`), up to 8 in all: by URL or upload, removable, and any can
 * be made the main image (the main one takes its place in the list).
 */
export function MoreImages({ form }: { form: ProductForm }) {
  const { fields, append, remove, update } = useFieldArray({ control: form.control, name: 'extraImages' });
  const upload = useUploadProductImage();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const errors = form.formState.errors.extraImages;
  const full = fields.length >= PRODUCT_IMAGES_MAX - 1;

  function makeMain(i: number) {
    const main = form.getValues('img')?.trim();
    const url = form.getValues(`extraImages.${i}.url`);
    form.setValue('img', url, { shouldDirty: true });
    if (main) update(i, { url: main });
    else remove(i);
  }

  async function onFile(file: File) {
    const problem = photoFileProblem(file);
    setUploadError(problem);
    if (problem) return;
    try {
      const { url } = await upload.mutateAsync(file);
      append({ url });
    } catch (err) {
      setUploadError(errorMessage(err, 'Upload failed'));
    }
  }

  return (
    <fieldset className="space-y-2">
      <legend className="font-semibold">More images</legend>
      <p className="text-sm text-base-content/70">Up to {PRODUCT_IMAGES_MAX - 1} more, shown after the main image.</p>
      {fields.map((row, i) => (
        <div key={row.id} className="grid items-start gap-2 sm:grid-cols-[1fr_auto_auto]">
          <TextField
            label={`Image ${i + 2}`}
            type="url"
            placeholder="https://…"
            registration={form.register(`extraImages.${i}.url`)}
            error={errors?.[i]?.url}
          />
          <button type="button" className="btn btn-ghost btn-sm sm:mt-7" onClick={() => makeMain(i)} aria-label={`Make image ${i + 2} the main image`}>
            Make main
          </button>
          <button type="button" className="btn btn-ghost btn-sm sm:mt-7" onClick={() => remove(i)} aria-label={`Remove image ${i + 2}`}>
            Remove
          </button>
        </div>
      ))}
      <FieldError error={errors?.root ?? errors?.message} />
      <div className="flex flex-wrap items-end gap-4">
        <button type="button" className="btn btn-outline btn-sm" disabled={full} onClick={() => append({ url: '' })}>
          Add image URL
        </button>
        {!full && (
          <FileField
            label="Upload another image"
            accept={PHOTO_TYPES.join(',')}
            busy={upload.isPending}
            error={uploadError}
            onFile={(file) => void onFile(file)}
          />
        )}
      </div>
    </fieldset>
  );
}

/**
 * Issue 31: whether a line beyond the stock is taken with the rest backordered, and what its
 * promised date follows: the restock day when one is announced, else today plus the lead time.
 */
export function BackorderFields({ form }: { form: ProductForm }) {
  const { register, formState } = form;
  const errors = formState.errors.backorder;
  return (
    <fieldset className="space-y-2 rounded-box border border-base-300 p-3 sm:col-span-2">
      <legend className="px-1 font-semibold">Backorders</legend>
      <label className="flex items-center gap-2">
        <input type="checkbox" className="checkbox checkbox-sm" {...register('backorder.allowed')} />
        <span>Take orders beyond the stock, the rest backordered</span>
      </label>
      <div className="grid gap-3 sm:grid-cols-2">
        <NumberField
          label="Lead time (days)"
          hint="Backordered pieces are promised for today plus this many days"
          min={0}
          register={form.register}
          name="backorder.leadTimeDays"
          error={errors?.leadTimeDays}
        />
        <TextField
          label="Next restock date"
          type="date"
          hint="When announced, backordered pieces are promised for it"
          registration={register('backorder.nextRestockDate')}
          error={errors?.nextRestockDate}
        />
      </div>
    </fieldset>
  );
}
