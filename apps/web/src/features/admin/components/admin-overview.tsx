import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { formatDollars, formatNumber } from '@bulkparts/shared/money';
import { LoadFailure } from '@/components/ui/load-failure';
import { PageSpinner } from '@/components/ui/page-spinner';
import { adminQueries } from '../api/admin-queries';

const OverviewChart = lazy(() => import('./overview-chart'));

/** The admin's picture of the shop: revenue over 30 days, top products, low stock. */
export function AdminOverviewPanel() {
  const overview = useQuery(adminQueries.overview());
  if (overview.isPending) return <PageSpinner label="Loading the overview" />;
  if (overview.isError) return <LoadFailure error={overview.error} onRetry={overview.refetch} />;
  const o = overview.data;
  return (
    <section aria-labelledby="overview-title" className="mt-8 space-y-6">
      <h2 id="overview-title" className="text-2xl font-bold">
        Shop overview
      </h2>
      <div className="stats stats-vertical w-full shadow sm:stats-horizontal">
        <div className="stat">
          <div className="stat-title">Revenue (all time)</div>
          <div className="stat-value text-primary">{formatDollars(o.revenue)}</div>
        </div>
        <div className="stat">
          <div className="stat-title">Paid orders</div>
          <div className="stat-value">{formatNumber(o.paidOrders)}</div>
        </div>
      </div>
      <div className="card bg-base-100 shadow">
        <div className="card-body">
          <h3 className="card-title">Last {o.days.length} days</h3>
          <Suspense fallback={<PageSpinner label="Loading the chart" />}>
            <OverviewChart days={o.days} />
          </Suspense>
        </div>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <div className="card bg-base-100 shadow">
          <div className="card-body overflow-x-auto">
            <h3 className="card-title">Top products</h3>
            {o.topProducts.length === 0 ? (
              <p>No sales yet.</p>
            ) : (
              <table className="table table-sm">
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col">Pieces</th>
                    <th scope="col">Revenue</th>
                  </tr>
                </thead>
                <tbody>
                  {o.topProducts.map((p) => (
                    <tr key={p.productId}>
                      <td>{p.name}</td>
                      <td>{formatNumber(p.quantity)}</td>
                      <td>{formatDollars(p.revenue)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        </div>
        <div className="card bg-base-100 shadow">
          <div className="card-body">
            <h3 className="card-title">Low stock</h3>
            <p className="text-sm opacity-70">Fewer than two minimum orders left.</p>
            {o.lowStock.length === 0 ? (
              <p>Every product has enough stock.</p>
            ) : (
              <ul className="list">
                {o.lowStock.map((p) => (
                  <li key={p._id} className="list-row">
                    <span className="font-semibold">{p.name}</span>
                    <span className="badge badge-warning">
                      {formatNumber(p.availableQuantity)} left (min. order {formatNumber(p.minimumOrderQuantity)})
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
