import { queryOptions } from '@tanstack/react-query';
import { orderQueries } from '@/features/orders/api/order-queries';
import { productQueries } from '@/features/products/api/product-queries';
import { pageQueryOptions } from '@/lib/api-page';
import { getAdminProducts, type AdminProductListParams } from './get-admin-products';
import { getAllOrders, type AdminOrderListParams } from './get-all-orders';
import { getInbox } from './get-inbox';
import { getOverview } from './get-overview';
import { getUsers, type UserListParams } from './get-users';
import { ADMIN_ROOT } from '@/lib/query-roots';

const ALL = ADMIN_ROOT;
const USERS = [...ALL, 'users'] as const;

/**
 * The admin console's reads. Its product and order lists are keyed under the products and orders
 * roots, so every write that refreshes the shop's products or orders refreshes them too.
 */
export const adminQueries = {
  all: () => ALL,
  overview: () => queryOptions({ queryKey: [...ALL, 'overview'] as const, queryFn: getOverview }),
  /**
   * Issue 33: the operator's inbox. Its counts move with orders, quotes and stock, so it is keyed
   * under the orders root (every order, stock and quote write there refreshes it) and read fresh
   * each time the dashboard opens.
   */
  inbox: () => queryOptions({ queryKey: [...orderQueries.all(), 'admin-inbox'] as const, queryFn: getInbox, staleTime: 0, refetchOnMount: 'always' }),
  /** Every page of the user list: what promoting, demoting and removing a user invalidate. */
  users: () => USERS,
  userList: (params: UserListParams) => pageQueryOptions([...USERS, params] as const, () => getUsers(params)),
  productList: (params: AdminProductListParams) => pageQueryOptions([...productQueries.all(), 'admin', params] as const, () => getAdminProducts(params)),
  orderList: (params: AdminOrderListParams) => pageQueryOptions([...orderQueries.all(), 'admin', params] as const, () => getAllOrders(params)),
};
