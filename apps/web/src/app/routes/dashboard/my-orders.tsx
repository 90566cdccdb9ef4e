import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { APPROVING_ROLES, type Order } from '@bulkparts/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { orderTitle } from '@/components/ui/order-contents';
import { PagedList } from '@/components/ui/paged-list';
import { useSession } from '@/features/auth/api/auth-queries';
import { useBuyAgain } from '@/features/cart/components/buy-again';
import { companyQueries } from '@/features/companies/api/company-queries';
import { useCancelOrder } from '@/features/orders/api/cancel-order';
import { orderQueries } from '@/features/orders/api/order-queries';
import { OrderFiltersBar } from '@/features/orders/components/order-filters';
import { OrderList } from '@/features/orders/components/order-list';
import {
  hasOrderFilters,
  NO_ORDER_FILTERS,
  orderFiltersFrom,
  orderFiltersQuery,
  orderFiltersToParams,
  type OrderFilters,
} from '@/features/orders/order-filters';
import { ApiClientError } from '@/lib/api-client';
import { withToast } from '@/lib/toast-action';

const PAGE_SIZE = 10;

/**
 * `/dashboard/myorders`: the buyer's orders with Pay, cancel (after 'Are you sure?'), invoice and
 * buy again. A company's admins and approvers switch to every order of the company
 * (`?company=true`, issue 18), where only their own orders offer cancel and 'Buy again'. Issue 29:
 * search by order or PO number, status and the days placed, kept in the address with the page.
 */
export function Component() {
  const session = useSession();
  const email = session.data?.user.email ?? '';
  // The page, the view and the filters live in the address so back/forward, reloads and shared links keep them.
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const paramsKey = params.toString();
  const filters = useMemo(() => orderFiltersFrom(new URLSearchParams(paramsKey)), [paramsKey]);
  const filtered = hasOrderFilters(filters);
  const company = useQuery(companyQueries.mine());
  const seesCompany = company.data?.myRole != null && APPROVING_ROLES.includes(company.data.myRole);
  const companyView = seesCompany && params.get('company') === 'true';
  const searchOf = (p: number, view = companyView) => ({
    ...(view ? { company: 'true' } : {}),
    ...orderFiltersToParams(filters),
    ...(p > 1 ? { page: String(p) } : {}),
  });
  const setPage = (p: number) => setParams(searchOf(p), { replace: true });
  // A new filter is a new history entry (Back undoes it) and starts again at page 1.
  const setFilters = useCallback(
    (next: OrderFilters) => setParams({ ...(companyView ? { company: 'true' } : {}), ...orderFiltersToParams(next) }),
    [setParams, companyView],
  );
  const sent = orderFiltersQuery(filters);
  const mine = useQuery({ ...orderQueries.mine({ email, page, limit: PAGE_SIZE, ...sent }), enabled: email !== '' && !companyView });
  const companyOrders = useQuery({ ...companyQueries.orders({ page, limit: PAGE_SIZE, ...sent }), enabled: companyView });
  const orders = companyView ? companyOrders : mine;
  // A filter the server refused (a `from` after `to`, a date edited into the address): its message under the input.
  const filterErrors = orders.error instanceof ApiClientError && orders.error.status === 400 ? orders.error.fields : undefined;
  const cancel = useCancelOrder();
  const [confirming, setConfirming] = useState<Order | null>(null);
  // 'Buy again' (issue 29): asks to replace or add to a cart with lines, then says what went in and what did not.
  const buyAgain = useBuyAgain();

  // A page past the end (the last order on it went away, or an old link): show the last one, with
  // the same view and filters. Checked after every render (guarded), as `searchOf` reads them all.
  const pageCount = orders.data ? Math.max(1, Math.ceil(orders.data.total / PAGE_SIZE)) : 1;
  useEffect(() => {
    if (orders.data && !orders.isPlaceholderData && page > pageCount) {
      setParams(searchOf(pageCount), { replace: true });
    }
  });

  async function cancelConfirmed(order: Order) {
    await withToast(() => cancel.mutateAsync(order._id), `Order for ${orderTitle(order)} cancelled`, 'Could not cancel the order');
  }

  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">My Orders</h1>
      {seesCompany && (
        <div role="group" aria-label="Whose orders" className="join">
          {[false, true].map((view) => (
            <button
              key={String(view)}
              type="button"
              className={`btn join-item btn-sm ${view === companyView ? 'btn-primary' : 'btn-outline'}`}
              aria-pressed={view === companyView}
              onClick={() => setParams(searchOf(1, view))}
            >
              {view ? 'Company orders' : 'My orders'}
            </button>
          ))}
        </div>
      )}
      <OrderFiltersBar value={filters} onChange={setFilters} errors={filterErrors} />
      {filterErrors ? (
        <p className="rounded-box bg-base-200 p-8 text-center">Correct the filters above to see the orders.</p>
      ) : (
        <PagedList
          query={orders}
          loadingLabel={companyView ? 'Loading the company’s orders' : 'Loading your orders'}
          empty={
            filtered ? (
              <div className="rounded-box bg-base-200 p-8 text-center">
                <p className="mb-4">No orders match these filters.</p>
                <button type="button" className="btn btn-outline" onClick={() => setFilters(NO_ORDER_FILTERS)}>
                  Clear filters
                </button>
              </div>
            ) : companyView ? (
              <p className="rounded-box bg-base-200 p-8 text-center">Nobody in {company.data?.name ?? 'your company'} has ordered yet.</p>
            ) : (
              <div className="rounded-box bg-base-200 p-8 text-center">
                <p className="mb-4">You have no orders yet.</p>
                <Link to="/products" className="btn btn-primary">
                  Browse products
                </Link>
              </div>
            )
          }
          page={page}
          pageSize={PAGE_SIZE}
          onPage={setPage}
          pagesLabel="Order pages"
        >
          {(items) => (
            <OrderList
              orders={items}
              ownEmail={companyView ? email : undefined}
              onCancel={setConfirming}
              cancellingId={cancel.isPending ? (cancel.variables ?? null) : null}
              onBuyAgain={buyAgain.buyAgain}
              buyingAgainId={buyAgain.buyingAgainId}
            />
          )}
        </PagedList>
      )}
      <ConfirmDialog
        open={confirming !== null}
        message={confirming ? `Cancel your order for ${orderTitle(confirming)}? Nothing is charged and the pieces go back into stock.` : undefined}
        confirmLabel="Yes, cancel it"
        cancelLabel="No, keep it"
        onConfirm={() => {
          const order = confirming;
          setConfirming(null);
          if (order) void cancelConfirmed(order);
        }}
        onCancel={() => setConfirming(null)}
      />
      {buyAgain.dialog}
    </section>
  );
}
