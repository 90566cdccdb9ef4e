import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { categoryPatchSchema, type Category, type CategoryPatch } from '@bulkparts/shared';
import { applyFieldErrors, FormError, TextField } from '@/components/ui/form';
import { errorMessage } from '@/lib/api-client';
import { categoryOptions } from '@/lib/category-tree';
import { useUpdateCategory } from '../api/update-category';
import { CategoryParentSelect } from './category-parent-select';

type FormValues = z.input<typeof categoryPatchSchema>;

/** Renames and/or moves a category; it cannot go under itself or one of its own descendants. */
export function EditCategoryDialog({ category, categories, onClose }: { category: Category; categories: readonly Category[]; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const update = useUpdateCategory();
  const places = categoryOptions(categories, { exclude: category.slug });
  const { register, handleSubmit, setError, formState } = useForm<FormValues, unknown, CategoryPatch>({
    resolver: zodResolver(categoryPatchSchema),
    defaultValues: { name: category.name, parent: category.parent ?? '' },
  });
  const { errors } = formState;
  useEffect(() => ref.current?.showModal(), []);

  const onSubmit = handleSubmit(async (values) => {
    const patch: CategoryPatch = {};
    if (values.name !== undefined && values.name !== category.name) patch.name = values.name;
    if (values.parent !== undefined && values.parent !== category.parent) patch.parent = values.parent;
    try {
      if (Object.keys(patch).length > 0) await update.mutateAsync({ slug: category.slug, patch });
      toast.success('Category updated');
      onClose();
    } catch (err) {
      if (!applyFieldErrors(err, setError, { only: ['name', 'parent'] })) setError('root', { message: errorMessage(err, 'Could not update the category') });
    }
  });

  return (
    <dialog ref={ref} className="modal" aria-labelledby="edit-category-title" onCancel={(e) => (e.preventDefault(), onClose())}>
      <form onSubmit={onSubmit} noValidate className="modal-box space-y-3">
        <h2 id="edit-category-title" className="text-lg font-bold">
          Edit {category.name}
        </h2>
        <TextField label="Name" registration={register('name')} error={errors.name} />
        <CategoryParentSelect options={places} registration={register('parent')} error={errors.parent} />
        <FormError message={errors.root?.message} />
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
