import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { categoryInputSchema, type CategoryInput } from '@bulkparts/shared';
import { applyFieldErrors, FormError, TextField } from '@/components/ui/form';
import { errorMessage } from '@/lib/api-client';
import type { CategoryOption } from '@/lib/category-tree';
import { useCreateCategory } from '../api/create-category';
import { CategoryParentSelect } from './category-parent-select';

type FormValues = z.input<typeof categoryInputSchema>;
const empty: FormValues = { name: '', slug: '', parent: '' };

const schemaResolver = zodResolver(categoryInputSchema);
// An empty slug box means 'make one from the name', which the schema spells as no slug at all.
const resolver: Resolver<FormValues, unknown, CategoryInput> = (values, context, options) =>
  schemaResolver({ ...values, slug: values.slug?.trim() || undefined }, context, options);

/** Adds a category: a name, an optional slug, and where it goes in the tree. */
export function AddCategoryForm({ places }: { places: readonly CategoryOption[] }) {
  const create = useCreateCategory();
  const { register, handleSubmit, reset, setError, formState } = useForm<FormValues, unknown, CategoryInput>({ resolver, defaultValues: empty });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const category = await create.mutateAsync(values);
      toast.success(`Category ${category.name} added`);
      reset(empty);
    } catch (err) {
      if (!applyFieldErrors(err, setError, { only: ['name', 'slug', 'parent'], shouldFocus: true }))
        setError('root', { message: errorMessage(err, 'Could not add the category') });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="card bg-base-100 shadow" aria-labelledby="add-category-title">
      <div className="card-body gap-3">
        <h2 id="add-category-title" className="card-title">
          Add a category
        </h2>
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField label="Name" registration={register('name')} error={errors.name} />
          <TextField label="Slug (optional)" hint="Made from the name when empty" registration={register('slug')} error={errors.slug} />
          <CategoryParentSelect options={places} registration={register('parent')} error={errors.parent} />
        </div>
        <FormError message={errors.root?.message} />
        <button type="submit" className="btn btn-primary self-start" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Adding…' : 'Add category'}
        </button>
      </div>
    </form>
  );
}
