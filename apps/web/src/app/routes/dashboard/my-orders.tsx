import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { APPROVING_ROLES, type Order } from '@bulkparts/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { orderTitle } from '@/components/ui/order-contents';
import { PagedList } from '@/components/ui/paged-list';
import { useSession } from '@/features/auth/api/auth-queries';
import { useReorder } from '@/features/cart/api/reorder';
import { companyQueries } from '@/features/companies/api/company-queries';
import { useCancelOrder } from '@/features/orders/api/cancel-order';
import { orderQueries } from '@/features/orders/api/order-queries';
import { OrderList } from '@/features/orders/components/order-list';
import { withToast } from '@/lib/toast-action';

const PAGE_SIZE = 10;

/**
 * `/dashboard/myorders`: the buyer's orders with Pay, cancel (after 'Are you sure?'), invoice and
 * buy again. A company's admins and approvers switch to every order of the company
 * (`?company=true`, issue 18), where only their own orders offer cancel and 'Buy again'.
 */
export function Component() {
  const session = useSession();
  const email = session.data?.user.email ?? '';
  // The page and the view live in the address so back/forward and reloads keep them.
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const company = useQuery(companyQueries.mine());
  const seesCompany = company.data?.myRole != null && APPROVING_ROLES.includes(company.data.myRole);
  const companyView = seesCompany && params.get('company') === 'true';
  const searchOf = (p: number, view = companyView) => ({ ...(view ? { company: 'true' } : {}), ...(p > 1 ? { page: String(p) } : {}) });
  const setPage = (p: number) => setParams(searchOf(p), { replace: true });
  const mine = useQuery({ ...orderQueries.mine({ email, page, limit: PAGE_SIZE }), enabled: email !== '' && !companyView });
  const companyOrders = useQuery({ ...companyQueries.orders({ page, limit: PAGE_SIZE }), enabled: companyView });
  const orders = companyView ? companyOrders : mine;
  const cancel = useCancelOrder();
  const [confirming, setConfirming] = useState<Order | null>(null);
  const reorder = useReorder();
  const navigate = useNavigate();

  // A page past the end (the last order on it went away, or an old link): show the last one.
  const pageCount = orders.data ? Math.max(1, Math.ceil(orders.data.total / PAGE_SIZE)) : 1;
  useEffect(() => {
    if (orders.data && !orders.isPlaceholderData && page > pageCount) {
      setParams({ ...(companyView ? { company: 'true' } : {}), ...(pageCount > 1 ? { page: String(pageCount) } : {}) }, { replace: true });
    }
  }, [orders.data, orders.isPlaceholderData, page, pageCount, setParams, companyView]);

  async function cancelConfirmed(order: Order) {
    await withToast(() => cancel.mutateAsync(order._id), `Order for ${orderTitle(order)} cancelled`, 'Could not cancel the order');
  }

  // 'Buy again': every line back into the cart at today's prices; the cart shows what cannot be ordered now.
  async function buyAgain(order: Order) {
    const result = await withToast(
      () => reorder.mutateAsync(order._id),
      (r) => `${r.count} ${r.count === 1 ? 'line' : 'lines'} in your cart`,
      'Could not put the order in the cart',
    );
    if (!result) return;
    for (const s of result.skipped) toast.warning(`${s.name} (${s.sku}) was not added: ${s.message}`);
    navigate('/cart');
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
      <PagedList
        query={orders}
        loadingLabel={companyView ? 'Loading the company’s orders' : 'Loading your orders'}
        empty={
          companyView ? (
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
            onBuyAgain={(order) => void buyAgain(order)}
            buyingAgainId={reorder.isPending ? (reorder.variables ?? null) : null}
          />
        )}
      </PagedList>
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
    </section>
  );
}
