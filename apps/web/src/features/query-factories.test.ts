import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { adminQueries } from './admin/api/admin-queries';
import { authQueries } from './auth/api/auth-queries';
import { cartQueries } from './cart/api/cart-queries';
import { categoryQueries } from './categories/api/categories-queries';
import { companyQueries } from './companies/api/company-queries';
import { orderQueries } from './orders/api/order-queries';
import { paymentQueries } from './orders/api/payment-queries';
import { productQueries } from './products/api/product-queries';
import { profileQueries } from './profile/api/profile-queries';
import { quoteQueries } from './quotes/api/quote-queries';
import { reviewQueries } from './reviews/api/review-queries';
import { webhookQueries } from './webhooks/api/webhook-queries';
import { punchoutQueries } from './punchout/api/punchout-queries';
import { listQueries } from './lists/api/list-queries';
import { sitePageQueries } from './site-pages/api/site-page-queries';

/** One read of every kind the app makes, by name. */
const READS = {
  productList: productQueries.list({ q: 'bolt', page: 2 }),
  productDetail: productQueries.detail('p1'),
  productFacets: productQueries.facets({ category: 'bolts', brand: ['Norfast'] }),
  adminProductList: adminQueries.productList({ page: 1 }),
  myOrders: orderQueries.mine({ email: 'a@b.co', page: 1, limit: 10 }),
  orderDetail: orderQueries.detail('o1'),
  adminOrderList: adminQueries.orderList({ status: 'paid' }),
  paymentConfig: paymentQueries.config(),
  overview: adminQueries.overview(),
  inbox: adminQueries.inbox(),
  listIndex: listQueries.index({ scope: 'mine', page: 1 }),
  listDetail: listQueries.detail('l1'),
  terms: sitePageQueries.page('terms'),
  userList: adminQueries.userList({ q: 'x' }),
  session: authQueries.session(),
  authConfig: authQueries.config(),
  profile: profileQueries.own(),
  reviews: reviewQueries.list(1, 6),
  categoryList: categoryQueries.list(),
  cart: cartQueries.mine(),
  cartPreview: cartQueries.preview([{ sku: 'HB-M8', quantity: 100 }]),
  quoteList: quoteQueries.list({ status: 'requested', page: 1, limit: 20 }),
  quoteDetail: quoteQueries.detail('q1'),
  myCompany: companyQueries.mine(),
  companyDetail: companyQueries.detail('c1'),
  companyMembers: companyQueries.members('c1'),
  otherCompanyMembers: companyQueries.members('c2'),
  companyList: companyQueries.list({ q: 'acme' }),
  invitation: companyQueries.invitation('t1'),
  companyOrders: companyQueries.orders({ status: 'awaiting_approval', page: 1, limit: 20 }),
  webhookList: webhookQueries.list(),
  webhookDeliveries: webhookQueries.deliveries('w1', { page: 1, limit: 20 }),
  otherWebhookDeliveries: webhookQueries.deliveries('w2', { page: 1, limit: 20 }),
  punchoutSession: punchoutQueries.session(),
  punchoutConfig: punchoutQueries.config('c1'),
  punchoutDocuments: punchoutQueries.documents({ page: 1, failed: 'true' }),
  punchoutDocument: punchoutQueries.document('d1'),
};
type Read = keyof typeof READS;
const names = Object.keys(READS) as Read[];
const keyOf = (name: Read): QueryKey => READS[name].queryKey;

/** Which reads one invalidation marks stale, with every read cached. */
async function invalidatedBy(queryKey: QueryKey): Promise<Read[]> {
  const qc = new QueryClient();
  for (const name of names) qc.setQueryData(keyOf(name), {});
  await qc.invalidateQueries({ queryKey, refetchType: 'none' });
  return names.filter((name) => qc.getQueryState(keyOf(name))?.isInvalidated).sort();
}

describe('query key factories', () => {
  it('give every read its own key', () => {
    const hashes = names.map((name) => JSON.stringify(keyOf(name)));
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it('put a domain under one root, so one call refreshes all of it', async () => {
    expect(await invalidatedBy(productQueries.all())).toEqual(['adminProductList', 'productDetail', 'productFacets', 'productList']);
    // The operator's inbox counts orders (issue 33): every order write refreshes it.
    expect(await invalidatedBy(orderQueries.all())).toEqual(['adminOrderList', 'companyOrders', 'inbox', 'myOrders', 'orderDetail']);
    expect(await invalidatedBy(listQueries.all())).toEqual(['listDetail', 'listIndex']);
    expect(await invalidatedBy(sitePageQueries.all())).toEqual(['terms']);
    expect(await invalidatedBy(adminQueries.users())).toEqual(['userList']);
    expect(await invalidatedBy(adminQueries.all())).toEqual(['overview', 'userList']);
    expect(await invalidatedBy(authQueries.all())).toEqual(['authConfig', 'session']);
    expect(await invalidatedBy(reviewQueries.all())).toEqual(['reviews']);
    expect(await invalidatedBy(profileQueries.all())).toEqual(['profile']);
    expect(await invalidatedBy(paymentQueries.all())).toEqual(['paymentConfig']);
    expect(await invalidatedBy(categoryQueries.all())).toEqual(['categoryList']);
    expect(await invalidatedBy(cartQueries.all())).toEqual(['cart', 'cartPreview']);
    expect(await invalidatedBy(quoteQueries.all())).toEqual(['quoteDetail', 'quoteList']);
    expect(await invalidatedBy(companyQueries.all())).toEqual([
      'companyDetail',
      'companyList',
      'companyMembers',
      'invitation',
      'myCompany',
      'otherCompanyMembers',
    ]);
    // A write to one company refreshes that company's reads only.
    expect(await invalidatedBy(companyQueries.company('c1'))).toEqual(['companyDetail', 'companyMembers']);
    expect(await invalidatedBy(webhookQueries.all())).toEqual(['otherWebhookDeliveries', 'webhookDeliveries', 'webhookList']);
    expect(await invalidatedBy(punchoutQueries.all())).toEqual(['punchoutConfig', 'punchoutDocument', 'punchoutDocuments', 'punchoutSession']);
    // A resend refreshes that endpoint's deliveries only.
    expect(await invalidatedBy(webhookQueries.deliveriesOf('w1'))).toEqual(['webhookDeliveries']);
  });

  it('refresh only the query itself through its own key', async () => {
    expect(await invalidatedBy(authQueries.session().queryKey)).toEqual(['session']);
    expect(await invalidatedBy(adminQueries.overview().queryKey)).toEqual(['overview']);
    expect(await invalidatedBy(productQueries.detail('p1').queryKey)).toEqual(['productDetail']);
    expect(await invalidatedBy(webhookQueries.list().queryKey)).toEqual(['webhookList']);
  });
});
