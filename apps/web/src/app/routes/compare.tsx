import { useQueries } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { LoadFailure } from '@/components/ui/load-failure';
import { PageSpinner } from '@/components/ui/page-spinner';
import { productQueries } from '@/features/products/api/product-queries';
import { compareRows } from '@/features/products/compare-rows';
import { COMPARE_MAX, compared, useCompared } from '@/features/products/compare-store';

/**
 * `/compare?ids=a,b,c` (issue 33): up to four products side by side, their specifications aligned
 * by name and the rows where they differ marked. Without `ids`, the products chosen in this browser.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const chosen = useCompared();
  const fromUrl = (params.get('ids') ?? '')
    .split(',')
    .filter((id) => /^[a-f0-9]{24}$/.test(id))
    .slice(0, COMPARE_MAX);
  const ids = fromUrl.length ? fromUrl : chosen;
  const reads = useQueries({ queries: ids.map((id) => productQueries.detail(id)) });
  const remove = (id: string) => {
    compared.remove(id);
    const rest = ids.filter((x) => x !== id);
    setParams(rest.length ? { ids: rest.join(',') } : {});
  };

  if (ids.length === 0) {
    return (
      <section className="mx-auto max-w-3xl space-y-4 px-4 py-10">
        <h1 className="text-3xl font-bold">Compare products</h1>
        <p>
          Tick 'Compare' on up to {COMPARE_MAX} products in the{' '}
          <Link to="/products" className="link link-primary">
            catalogue
          </Link>{' '}
          to see them side by side.
        </p>
      </section>
    );
  }
  const failed = reads.find((r) => r.isError);
  if (failed) return <LoadFailure error={failed.error} onRetry={failed.refetch} />;
  if (reads.some((r) => r.isPending)) return <PageSpinner label="Loading the products" />;
  const products = reads.map((r) => r.data!);
  const rows = compareRows(products);
  const differing = rows.filter((r) => r.differs).length;

  return (
    <section className="mx-auto max-w-7xl space-y-4 px-4 py-10">
      <h1 className="text-3xl font-bold">Compare products</h1>
      <p>
        {products.length} products;{' '}
        {differing === 0 ? 'they are alike in everything listed.' : `${differing} ${differing === 1 ? 'row differs' : 'rows differ'}, marked “Differs”.`}
      </p>
      <div className="overflow-x-auto rounded-box border border-base-300">
        <table className="table table-sm">
          <caption className="sr-only">Products side by side</caption>
          <thead>
            <tr>
              <td />
              {products.map((p) => (
                <th key={p._id} scope="col" className="min-w-40 align-top">
                  <img src={p.img} alt="" width="96" height="72" className="mb-2 h-16 w-24 object-contain" />
                  <Link to={`/productdetails/${p._id}`} className="link-hover link block text-base font-semibold">
                    {p.name}
                  </Link>
                  <button type="button" className="btn btn-ghost btn-xs mt-1" onClick={() => remove(p._id)}>
                    Remove<span className="sr-only"> {p.name} from the comparison</span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.spec ? 'spec' : 'field'}-${row.label}`} className={row.differs ? 'bg-amber-50' : undefined}>
                <th scope="row" className="sticky left-0 bg-inherit">
                  {row.label}
                  {row.differs && <span className="badge badge-sm ml-2 border-amber-700 text-amber-900">Differs</span>}
                </th>
                {row.values.map((v, i) => (
                  <td key={products[i]!._id} className={row.differs ? 'font-semibold' : undefined}>
                    {v}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
