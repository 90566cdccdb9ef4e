import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LIST_NAME_MAX_LENGTH, LIST_SHARING_LABELS, type ListSummary } from '@bulkparts/shared';
import { formatNumber } from '@bulkparts/shared/money';
import { DataTable } from '@/components/ui/data-table';
import { applyFieldErrors, FormError, TextField } from '@/components/ui/form';
import { PagedList } from '@/components/ui/paged-list';
import { useCreateList } from '@/features/lists/api/create-list';
import { listQueries } from '@/features/lists/api/list-queries';
import { errorMessage } from '@/lib/api-client';

const PAGE_SIZE = 20;
const SCOPES = [
  ['all', 'All lists'],
  ['mine', 'Mine'],
  ['shared', 'Shared with me'],
] as const;
type Scope = (typeof SCOPES)[number][0];

/** A new, empty list by its name; it opens at once. */
function NewListForm() {
  const create = useCreateList();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, setError: setFieldError, formState } = useForm<{ name: string }>({ defaultValues: { name: '' } });
  const onSubmit = handleSubmit(async ({ name }) => {
    setError(null);
    if (!name.trim()) return setFieldError('name', { type: 'required', message: 'Name is required' });
    try {
      const list = await create.mutateAsync({ name });
      navigate(`/dashboard/lists/${list._id}`);
    } catch (err) {
      if (!applyFieldErrors(err, setFieldError, { only: ['name'] })) setError(errorMessage(err, 'Could not create the list. Please try again.'));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-start gap-2" aria-label="New list">
      <TextField
        label="New list"
        placeholder="Monthly fasteners"
        className="min-w-56 flex-1 sm:max-w-sm"
        maxLength={LIST_NAME_MAX_LENGTH}
        registration={register('name')}
        error={formState.errors.name}
      />
      <button type="submit" className="btn btn-primary mt-7" disabled={formState.isSubmitting}>
        Create list
      </button>
      <FormError message={error} />
    </form>
  );
}

/** `/dashboard/lists` (issue 33): the buyer's requisition lists and those their company shares, newest change first. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const scope = (SCOPES.find(([s]) => s === params.get('scope'))?.[0] ?? 'all') as Scope;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const lists = useQuery(listQueries.index({ scope, page, limit: PAGE_SIZE }));
  const go = (next: { scope?: Scope; page?: number }) => {
    const sp: Record<string, string> = {};
    if ((next.scope ?? scope) !== 'all') sp.scope = next.scope ?? scope;
    if (next.page && next.page > 1) sp.page = String(next.page);
    setParams(sp);
  };
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">Requisition lists</h1>
      <p className="text-base-content/80">Keep the parts you order again and again, share them with your company, and put them in the cart in one go.</p>
      <NewListForm />
      <div role="group" aria-label="Show lists" className="flex flex-wrap gap-1">
        {SCOPES.map(([value, label]) => (
          <button
            key={value}
            type="button"
            className={`btn btn-sm ${scope === value ? 'btn-primary' : 'btn-ghost'}`}
            aria-pressed={scope === value}
            onClick={() => go({ scope: value })}
          >
            {label}
          </button>
        ))}
      </div>
      <PagedList
        query={lists}
        loadingLabel="Loading lists"
        empty={<p className="rounded-box bg-base-200 p-8 text-center">No lists yet. Create one above, or save your cart or an order as a list.</p>}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={(p) => go({ page: p })}
        pagesLabel="List pages"
      >
        {(items: ListSummary[]) => (
          <DataTable
            rows={items}
            rowKey={(l) => l._id}
            columns={[
              {
                header: 'Name',
                cell: (l) => (
                  <Link to={`/dashboard/lists/${l._id}`} className="link font-semibold">
                    {l.name}
                  </Link>
                ),
              },
              { header: 'Owner', cell: (l) => (l.mine ? 'You' : l.owner.name) },
              { header: 'Shared', cell: (l) => LIST_SHARING_LABELS[l.sharing] },
              { header: 'Lines', cell: (l) => formatNumber(l.itemCount) },
              { header: 'Changed', cell: (l) => new Date(l.updatedAt).toLocaleDateString() },
            ]}
          />
        )}
      </PagedList>
    </section>
  );
}
