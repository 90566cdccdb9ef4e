import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { LIST_SHARING_LABELS, type RequisitionList } from '@bulkparts/shared';
import { formatDollars } from '@bulkparts/shared/money';
import { LinesFailureMessage, type LinesFailure } from '@/components/ui/form';
import { PageSpinner } from '@/components/ui/page-spinner';
import { RecordLoadFailure } from '@/components/ui/record-load-failure';
import { useAddCartLines } from '@/features/cart/api/add-cart-lines';
import { listQueries } from '@/features/lists/api/list-queries';
import { useRemoveListItem } from '@/features/lists/api/remove-list-item';
import { useSetListItem } from '@/features/lists/api/set-list-item';
import { ListAddLines } from '@/features/lists/components/list-add-lines';
import { ListItemsTable } from '@/features/lists/components/list-items-table';
import { ListSettings } from '@/features/lists/components/list-settings';
import { ApiClientError, errorMessage } from '@/lib/api-client';
import { withToast } from '@/lib/toast-action';

/** The list's lines into the cart (all or the chosen ones) through the cart's bulk add, which checks each by its product's rule. */
function OrderBar({ list, chosen, onRefused }: { list: RequisitionList; chosen: ReadonlySet<string>; onRefused: (refused: Map<string, string>) => void }) {
  const add = useAddCartLines();
  const [failure, setFailure] = useState<LinesFailure | null>(null);
  const [added, setAdded] = useState<number | null>(null);
  const order = async (items: RequisitionList['items']) => {
    setFailure(null);
    setAdded(null);
    onRefused(new Map());
    try {
      await add.mutateAsync(items.map((i) => ({ sku: i.sku, quantity: i.quantity })));
      setAdded(items.length);
      toast.success('Added to cart');
    } catch (err) {
      const lines = err instanceof ApiClientError ? err.lines : [];
      onRefused(new Map(lines.flatMap((l) => (l.index !== undefined && items[l.index] ? [[items[l.index]!.productId, l.message] as const] : []))));
      setFailure({ message: errorMessage(err, 'Could not add to the cart. Please try again.'), lines });
    }
  };
  const picked = list.items.filter((i) => chosen.has(i.productId));
  return (
    <div className="sticky bottom-0 z-10 space-y-2 border-t border-base-300 bg-base-100 py-3">
      <div className="flex flex-wrap items-center justify-end gap-2">
        <p className="text-sm" aria-live="polite">
          {picked.length} of {list.items.length} chosen
        </p>
        <button type="button" className="btn btn-outline" disabled={picked.length === 0 || add.isPending} onClick={() => void order(picked)}>
          Add chosen to cart
        </button>
        <button type="button" className="btn btn-primary" disabled={list.items.length === 0 || add.isPending} onClick={() => void order(list.items)}>
          Add all to cart
        </button>
      </div>
      <LinesFailureMessage failure={failure} />
      <p aria-live="polite" className="text-right">
        {added !== null && (
          <>
            {added} {added === 1 ? 'line' : 'lines'} added.{' '}
            <Link to="/cart" className="link">
              View cart
            </Link>
          </>
        )}
      </p>
    </div>
  );
}

function ListPage({ list }: { list: RequisitionList }) {
  const setItem = useSetListItem();
  const removeItem = useRemoveListItem();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [refused, setRefused] = useState<Map<string, string>>(new Map());
  const total = list.items.reduce((sum, i) => sum + i.lineTotal, 0);
  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold break-words">{list.name}</h1>
        <p className="text-sm text-base-content/70">
          {list.mine ? 'Your list' : `${list.owner.name}'s list`} · {LIST_SHARING_LABELS[list.sharing]}
          {!list.canEdit && ' · read only'}
        </p>
      </div>
      {list.mine && <ListSettings list={list} />}
      {list.items.length === 0 ? (
        <p className="rounded-box bg-base-200 p-8 text-center">No lines yet. Add parts from a product's page, or paste them below.</p>
      ) : (
        <>
          <ListItemsTable
            list={list}
            chosen={chosen}
            refused={refused}
            onChoose={(id, on) =>
              setChosen((prev) => {
                const next = new Set(prev);
                if (on) next.add(id);
                else next.delete(id);
                return next;
              })
            }
            onQuantity={(productId, quantity) => setItem.mutateAsync({ id: list._id, productId, quantity })}
            onRemove={(productId) => void withToast(() => removeItem.mutateAsync({ id: list._id, productId }), 'Line removed', 'Could not remove the line')}
          />
          <p className="text-right">
            {list.items.length} {list.items.length === 1 ? 'line' : 'lines'} · at today's prices <strong>{formatDollars(total)}</strong>
          </p>
          <OrderBar list={list} chosen={chosen} onRefused={setRefused} />
        </>
      )}
      {list.canEdit && <ListAddLines list={list} />}
    </section>
  );
}

/** `/dashboard/lists/:id` (issue 33): one requisition list, its lines to order, edit and share. */
export function Component() {
  const { id = '' } = useParams();
  const list = useQuery(listQueries.detail(id));
  if (list.isPending) return <PageSpinner label="Loading the list" />;
  if (list.isError)
    return (
      <RecordLoadFailure
        error={list.error}
        onRetry={list.refetch}
        notFound={{ title: 'List not found', backTo: '/dashboard/lists', backLabel: 'Requisition lists' }}
      />
    );
  return <ListPage list={list.data} />;
}
