import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { MESSAGES, PHOTO_TYPES, photoFileProblem, type ProductInput } from '@bulkparts/shared';
import { applyFieldErrors, FileField, NumberField, TextareaField, TextField } from '@/components/ui/form';
import { ApiClientError, errorMessage } from '@/lib/api-client';
import { useCreateProduct } from '../api/create-product';
import { useUploadProductImage } from '../api/upload-product-image';
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
import { NO_BACKORDER_VALUES, productFormResolver, type ProductFormValues } from './product-form-values';

// Empty number inputs start (and after 'Successfully Add product' start again) with no value:
// writing NaN into them made the browser warn "The specified value "NaN" cannot be parsed", and
// with undefined `reset` left the typed figures on screen (and in the form). null empties them;
// submitted empty, they read as NaN, which the schema refuses ('Price must be a number').
const noNumber = null as unknown as number;
const empty: ProductFormValues = {
  sku: '',
  name: '',
  description: '',
  brand: '',
  category: '',
  price: noNumber,
  minimumOrderQuantity: noNumber,
  availableQuantity: noNumber,
  img: '',
  specs: [],
  extraImages: [],
  priceTiers: [],
  orderMultiple: 1,
  lowStockThreshold: null,
  backorder: NO_BACKORDER_VALUES,
  unspsc: '',
  taxClass: 'standard',
};

export function AddProductForm() {
  const create = useCreateProduct();
  const upload = useUploadProductImage();
  const form = useForm<ProductFormValues, unknown, ProductInput>({ resolver: productFormResolver, defaultValues: empty });
  const { register, handleSubmit, reset, setError, setValue, formState } = form;
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      toast.success(MESSAGES.addProductSuccess);
      reset(empty);
    } catch (err) {
      // A taken SKU (409) and an unknown category (400) come back as field messages.
      applyFieldErrors(err, setError, { shouldFocus: true });
      if (err instanceof ApiClientError) toast.error(err.message);
    }
  });

  async function onFile(file: File) {
    const problem = photoFileProblem(file);
    if (problem) return setError('img', { message: problem });
    try {
      const { url } = await upload.mutateAsync(file);
      setValue('img', url, { shouldValidate: true });
    } catch (err) {
      setError('img', { message: errorMessage(err, 'Upload failed') });
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="card max-w-2xl bg-base-100 shadow">
      <div className="card-body gap-4">
        <h1 className="card-title text-2xl">Add Product</h1>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="SKU" hint="A–Z, 0–9, - _ . /; saved in capitals" autoCapitalize="characters" registration={register('sku')} error={errors.sku} />
          <TextField label="Name" registration={register('name')} error={errors.name} />
          <TextField label="Brand" registration={register('brand')} error={errors.brand} />
          <TextField label={UNSPSC_LABEL} hint={UNSPSC_HINT} inputMode="numeric" registration={register('unspsc')} error={errors.unspsc} />
          <TaxClassSelect registration={register('taxClass')} error={errors.taxClass} />
          <CategorySelect form={form} />
        </div>
        <TextareaField
          label="Description"
          textareaClassName="textarea textarea-bordered h-24 w-full"
          registration={register('description')}
          error={errors.description}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField label="Price (per piece, $)" step="0.0001" register={register} name="price" error={errors.price} />
          <NumberField label="Minimum order quantity" register={register} name="minimumOrderQuantity" error={errors.minimumOrderQuantity} />
          <NumberField label="Available quantity" register={register} name="availableQuantity" error={errors.availableQuantity} />
          <NumberField label="Order multiple" hint={ORDER_MULTIPLE_HINT} register={register} name="orderMultiple" error={errors.orderMultiple} />
          <NumberField label={LOW_STOCK_LABEL} hint={LOW_STOCK_HINT} min={0} register={register} name="lowStockThreshold" error={errors.lowStockThreshold} />
          <BackorderFields form={form} />
        </div>
        <PriceTierRows form={form} />
        <TextField label="Image URL" type="url" placeholder="https://…" registration={register('img')} error={errors.img} />
        <FileField label="Or upload an image" accept={PHOTO_TYPES.join(',')} busy={upload.isPending} onFile={(file) => void onFile(file)} />
        <MoreImages form={form} />
        <SpecificationRows form={form} />
        <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Adding…' : 'Add Product'}
        </button>
      </div>
    </form>
  );
}
