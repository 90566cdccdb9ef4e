import { CartButton } from '@/features/cart/components/cart-button';
import { ProductSearch } from '@/features/products/components/product-search';

/** The top bar's search and cart link: one lazily loaded chunk (see top-bar.tsx). */
export default function TopBarTools() {
  return (
    <>
      <div className="flex min-w-0 flex-1 justify-end px-1 lg:justify-center">
        <ProductSearch />
      </div>
      <div className="shrink-0">
        <CartButton />
      </div>
    </>
  );
}
