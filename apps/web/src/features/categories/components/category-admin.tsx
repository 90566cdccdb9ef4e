import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import type { Category } from '@bulkparts/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { FormError } from '@/components/ui/form';
import { LoadFailure } from '@/components/ui/load-failure';
import { PageSpinner } from '@/components/ui/page-spinner';
import { errorMessage } from '@/lib/api-client';
import { categoryOptions, type CategoryOption } from '@/lib/category-tree';
import { categoryQueries } from '../api/categories-queries';
import { useDeleteCategory } from '../api/delete-category';
import { AddCategoryForm } from './add-category-form';
import { EditCategoryDialog } from './edit-category-dialog';
import { formatNumber } from '@bulkparts/shared/money';

/** Categories (admins): the tree with its product counts; add, rename, move and delete. */
export function CategoryAdmin() {
  const categories = useQuery(categoryQueries.list());
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<Category | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  // The server refuses to delete a category in use (409): its message stays on the page, since it
  // says what to move first, and a toast would be gone before that is done.
  const [deleteProblem, setDeleteProblem] = useState<string | null>(null);
  const list = categories.data ?? [];
  const tree = categoryOptions(list);
  const nameOf = new Map(list.map((c) => [c.slug, c.name]));

  async function confirmDelete() {
    const category = deleting;
    setDeleting(null);
    if (!category) return;
    setDeleteProblem(null);
    try {
      await remove.mutateAsync(category.slug);
      toast.success(`Category ${category.name} deleted`);
    } catch (err) {
      setDeleteProblem(errorMessage(err, 'Could not delete the category'));
    }
  }

  return (
    <section className="max-w-4xl space-y-4">
      <h1 className="text-2xl font-bold">Categories</h1>
      <AddCategoryForm places={tree} />
      <FormError variant="panel" message={deleteProblem} />
      {categories.isPending ? (
        <PageSpinner label="Loading categories" />
      ) : categories.isError ? (
        <LoadFailure error={categories.error} onRetry={categories.refetch} />
      ) : tree.length === 0 ? (
        <p>No categories yet.</p>
      ) : (
        <DataTable<CategoryOption>
          rows={tree}
          rowKey={(c) => c.slug}
          columns={[
            {
              header: 'Category',
              cell: (c) => (
                <span style={{ paddingInlineStart: `${c.depth * 1.25}rem` }} className="inline-block">
                  <span className="font-semibold">{c.name}</span> <span className="text-sm text-base-content/70">{c.slug}</span>
                </span>
              ),
            },
            { header: 'Parent', cell: (c) => (c.parent ? (nameOf.get(c.parent) ?? c.parent) : '—') },
            { header: 'Products', cell: (c) => formatNumber(c.count) },
            {
              header: 'Actions',
              className: 'flex flex-wrap gap-1',
              cell: (c) => (
                <>
                  <button type="button" className="btn btn-xs" onClick={() => setEditing(c)} aria-label={`Rename or move ${c.name}`}>
                    Rename or move
                  </button>
                  <button type="button" className="btn btn-xs btn-error" onClick={() => setDeleting(c)} aria-label={`Delete category ${c.name}`}>
                    Delete
                  </button>
                </>
              ),
            },
          ]}
        />
      )}
      {editing && <EditCategoryDialog key={editing.slug} category={editing} categories={list} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        message={deleting ? `Delete the category ${deleting.name}? Only an empty category (no products, no subcategories) can be deleted.` : undefined}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
