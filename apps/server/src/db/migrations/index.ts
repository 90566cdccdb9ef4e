import type { Migration } from 'kysely';
import * as catalog from './20261122000000-catalog.js';
import * as auth from './20261122000100-auth.js';
import * as orders from './20261122000200-orders.js';
import * as readIndexes from './20261123000000-read-indexes.js';
import * as orderCounts from './20261123100000-customer-order-counts.js';
import * as orderVersions from './20261123200000-customer-order-versions.js';
import * as orderNumbers from './20261124000000-order-numbers.js';
import * as orderShippingExpiry from './20261124000100-order-shipping-expiry.js';
import * as uploads from './20261124100000-uploads.js';
import * as partsCatalogue from './20261125000000-parts-catalogue.js';
import * as cartsAndOrderLines from './20261126000000-carts-and-order-lines.js';
import * as bulkPricingAndQuotes from './20261127000000-bulk-pricing-and-quotes.js';
import * as companyAccounts from './20261128000000-company-accounts.js';
import * as apiKeys from './20261129000000-api-keys.js';
import * as webhooks from './20261130000000-webhooks.js';
import * as lowStockThreshold from './20261201000000-low-stock-threshold.js';
import * as cartCheckouts from './20261202100000-cart-checkouts.js';
import * as events from './20261203000000-events.js';
import * as cartOrderIdNullable from './20261204000000-cart-order-id-nullable.js';
import * as orderLineListPrice from './20261205000000-order-line-list-price.js';
import * as requisitionLists from './20261210000000-requisition-lists.js';
import * as productDocuments from './20261210000100-product-documents.js';
import * as sitePages from './20261210000200-site-pages.js';
import * as productUnspsc from './20261211000000-product-unspsc.js';
import * as punchout from './20261211000100-punchout.js';
import * as warehouses from './20261220000000-warehouses.js';
import * as shipments from './20261221000000-shipments.js';
import * as backorders from './20261222000000-backorders.js';
import * as returns from './20261223000000-returns.js';
import * as subCentUnitPrices from './20261230000000-sub-cent-unit-prices.js';
import * as shipping from './20270101000000-shipping.js';
import * as sellerSettings from './20270102000000-seller-settings.js';
import * as tax from './20261231000000-tax.js';
import * as cartLinesVersion from './20270103000000-cart-lines-version.js';

/**
 * Every migration, by timestamped name. A static list (not a folder scan) so the bundled server
 * carries them. Names sort in the order they run; add new ones at the end.
 */
export const migrations: Record<string, Migration> = {
  '20261122000000-catalog': catalog,
  '20261122000100-auth': auth,
  '20261122000200-orders': orders,
  '20261123000000-read-indexes': readIndexes,
  '20261123100000-customer-order-counts': orderCounts,
  '20261123200000-customer-order-versions': orderVersions,
  '20261124000000-order-numbers': orderNumbers,
  '20261124000100-order-shipping-expiry': orderShippingExpiry,
  '20261124100000-uploads': uploads,
  '20261125000000-parts-catalogue': partsCatalogue,
  '20261126000000-carts-and-order-lines': cartsAndOrderLines,
  '20261127000000-bulk-pricing-and-quotes': bulkPricingAndQuotes,
  '20261128000000-company-accounts': companyAccounts,
  '20261129000000-api-keys': apiKeys,
  '20261130000000-webhooks': webhooks,
  '20261201000000-low-stock-threshold': lowStockThreshold,
  '20261202100000-cart-checkouts': cartCheckouts,
  '20261203000000-events': events,
  '20261204000000-cart-order-id-nullable': cartOrderIdNullable,
  '20261205000000-order-line-list-price': orderLineListPrice,
  '20261210000000-requisition-lists': requisitionLists,
  '20261210000100-product-documents': productDocuments,
  '20261210000200-site-pages': sitePages,
  '20261211000000-product-unspsc': productUnspsc,
  '20261211000100-punchout': punchout,
  '20261220000000-warehouses': warehouses,
  '20261221000000-shipments': shipments,
  '20261222000000-backorders': backorders,
  '20261223000000-returns': returns,
  '20261230000000-sub-cent-unit-prices': subCentUnitPrices,
  '20261231000000-tax': tax,
  '20270101000000-shipping': shipping,
  '20270102000000-seller-settings': sellerSettings,
  '20270103000000-cart-lines-version': cartLinesVersion,
};
