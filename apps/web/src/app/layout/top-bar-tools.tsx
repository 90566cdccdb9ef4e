import { useIsPunchout } from '@/features/auth/api/auth-queries';
import { CartButton } from '@/features/cart/components/cart-button';
import { ProductSearch } from '@/features/products/components/product-search';
import { PunchoutTopBar } from '@/features/punchout/components/punchout-top-bar';

/** The top bar's search and cart link (and, issue 32, a punchout session's "Return cart"): one lazily loaded chunk (see top-bar.tsx). */
export default function TopBarTools() {
  const punchout = useIsPunchout();
  return (
    <>
      <div className="flex min-w-0 flex-1 justify-end px-1 lg:justify-center">
        <ProductSearch />
      </div>
      <div className="flex shrink-0 items-center gap-1">
        <CartButton />
        {punchout && <PunchoutTopBar />}
      </div>
    </>
  );
}
