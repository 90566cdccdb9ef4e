import {
  CART_MESSAGES,
  CURRENCY_CODE,
  linePrice,
  MESSAGES,
  formatUnitPriceDecimal,
  normalizeSku,
  parseMoneyText,
  parseQuantityText,
  quantityError,
  shippingAddressSchema,
  stockErrorMessage,
  type ShippingAddress,
} from '@bulkparts/shared';
import { isUniqueViolation } from '../db/query-helpers.js';
import { AppError } from '../lib/errors.js';
import { nowIso } from '../lib/ids.js';
import type { CompanyDirectory } from '../modules/companies/company-directory.js';
import { buyerPricesIn } from '../modules/products/price-book.js';
import type { OrdersService } from '../modules/orders/orders.service.js';
import { CxmlRefusal, readCxmlRequest, readOrderRequest, type CxmlAddress, type CxmlHeader, type OrderRequestIn } from '../modules/punchout/cxml-reader.js';
import { cxmlResponse, newPayloadId } from '../modules/punchout/cxml-writer.js';
import type { ClientInfo, GatewayAnswer } from '../modules/punchout/punchout-gateway.js';
import { RateLimitedError } from '../modules/rate-limit/rate-limit.service.js';
import type { PunchoutCompany, PunchoutService } from '../modules/punchout/punchout.service.js';
import { pricedRow, StockShortError, type ProductsService } from '../modules/products/products.service.js';
import type { ProductRow } from '../modules/products/products.repository.js';

export interface PunchoutOrderDeps {
  punchout: PunchoutService;
  orders: Pick<OrdersService, 'place' | 'get'>;
  products: Pick<ProductsService, 'findBySkus'>;
  companies: Pick<CompanyDirectory, 'membershipOf' | 'priceBookFor'>;
  host: string;
  now?: () => Date;
}

/** A line's name in a message: 'Line 2 (SKU HB-M8-40)'. */
const lineName = (lineNumber: string, sku: string) => `Line ${lineNumber}${sku ? ` (SKU ${sku})` : ''}`;

/** cXML's address as the shop's ship-to, or the first rule it breaks ('ShipTo: Postal code is required'). */
export function shipToOf(a: CxmlAddress): { address: ShippingAddress } | { problem: string } {
  const name = a.deliverTo[0] ?? a.name;
  const parsed = shippingAddressSchema.safeParse({
    company: a.deliverTo.length && a.name && a.name !== name ? a.name : undefined,
    name,
    line1: a.street[0] ?? '',
    line2: a.street.slice(1).join(', ') || undefined,
    city: a.state ? `${a.city}, ${a.state}` : a.city,
    postalCode: a.postalCode,
    country: a.country,
  });
  if (parsed.success) {
    // A phone the shop's rule does not read is left out rather than refusing the order.
    const phone = a.phone ? shippingAddressSchema.shape.phone.safeParse(a.phone) : undefined;
    return { address: phone?.success && phone.data ? { ...parsed.data, phone: phone.data } : parsed.data };
  }
  return { problem: `ShipTo: ${parsed.error.issues[0]?.message ?? 'the address is not complete'}` };
}

/**
 * A cXML `OrderRequest` becomes one order (issue 32), a use case over the punchout, products,
 * companies and orders modules. Through the place-order flow as every order: as the company's
 * punchout member, on account, `poNumber` = the buyer's `orderID`, the ship-to sent (or the
 * setup's). The same `orderID` from the same company makes one order however often and however
 * concurrently it is sent: the buyer's id is claimed first in the order's own unit (a primary key),
 * and a loser answers the winner's order. An unknown SKU, a quantity the shop's rules refuse, a
 * currency other than USD: 400 naming every such line; short stock: 409 naming the lines. A line
 * sent at another price than the shop's price for the company is placed at the shop's price and
 * the order carries a note for a shop admin.
 */
export function createPunchoutOrder({ punchout, orders, products, companies, host, now = () => new Date() }: PunchoutOrderDeps) {
  return async function cxmlOrder(text: string, client: ClientInfo): Promise<GatewayAnswer> {
    const payloadId = newPayloadId(host, now());
    let header: CxmlHeader | undefined;
    let company: PunchoutCompany | null = null;
    let orderId: string | null = null;
    const answer = async (status: number, message: string): Promise<GatewayAnswer> => {
      const xml = cxmlResponse({ payloadId, status, message });
      const logged = { companyId: company?.companyId, statusCode: status, message, orderId };
      await punchout.log({ direction: 'in', protocol: 'cxml', type: 'OrderRequest', payloadId: header?.payloadId, body: text, ...logged });
      await punchout.log({ direction: 'out', protocol: 'cxml', type: 'OrderResponse', payloadId, body: xml, ...logged });
      return { kind: 'xml', status, body: xml };
    };
    /** The order a buyer's id already made: answered as a success, naming it. */
    const already = async (id: string, member: Parameters<OrdersService['get']>[1]) => {
      orderId = id;
      const order = await orders.get(id, member).catch(() => null);
      return answer(200, `Order ${order?.orderNumber ?? id} was placed for this orderID already; nothing new was ordered`);
    };

    let request: OrderRequestIn;
    try {
      const read = readCxmlRequest(text, 'OrderRequest');
      header = read.header;
      company = await punchout.authenticateCxml(header.from, header.sender, client.ip);
      if (!company) return await answer(401, 'Unknown From identity, or wrong Sender identity or shared secret');
      request = readOrderRequest(read.request);
    } catch (error) {
      if (error instanceof CxmlRefusal) return answer(error.status, error.message);
      if (error instanceof RateLimitedError) return answer(429, error.message);
      throw error;
    }
    if (request.type !== 'new') {
      return answer(400, `Only new orders (type="new") are accepted here; this is type="${request.type}". Change or cancel the order with the shop.`);
    }
    const member = await punchout.member(company);
    if (!member) return answer(403, "Punchout is not available: the company's punchout member is no longer one of its members");
    const earlier = await punchout.orderFor(company.companyId, request.orderId);
    if (earlier) return already(earlier, member);

    // Every line checked before anything is written; every bad line named.
    const found = new Map((await products.findBySkus(request.lines.map((l) => l.sku).filter(Boolean))).map((p) => [p.sku, p]));
    const problems: string[] = [];
    const lines: { product: ProductRow; quantity: number; sentTenThousandths: number | null; lineNumber: string }[] = [];
    for (const l of request.lines) {
      const name = lineName(l.lineNumber, l.sku);
      const product = l.sku ? found.get(normalizeSku(l.sku)) : undefined;
      const quantity = parseQuantityText(l.quantity);
      if (!l.sku) problems.push(`${name}: ItemID/SupplierPartID is missing`);
      else if (!product) problems.push(`${name}: ${CART_MESSAGES.unknownSku}`);
      else if (product.archived) problems.push(`${name}: ${MESSAGES.productUnavailable}`);
      else if (quantity === null || quantity <= 0) problems.push(`${name}: quantity must be a whole number of pieces`);
      else if (l.currency && l.currency.toUpperCase() !== CURRENCY_CODE) problems.push(`${name}: prices are in ${CURRENCY_CODE}, not ${l.currency}`);
      else {
        const rule = quantityError(quantity, {
          minimumOrderQuantity: product.minimum_order_quantity,
          availableQuantity: Number.MAX_SAFE_INTEGER,
          orderMultiple: Number(product.order_multiple),
        });
        if (rule) problems.push(`${name}: ${rule}`);
        else lines.push({ product, quantity, sentTenThousandths: l.unitPrice ? parseMoneyText(l.unitPrice) : null, lineNumber: l.lineNumber });
      }
    }
    if (problems.length) return answer(400, problems.join('; '));

    let shippingAddress: ShippingAddress | undefined;
    if (request.shipTo) {
      const shipTo = shipToOf(request.shipTo);
      if ('problem' in shipTo) return answer(400, shipTo.problem);
      shippingAddress = shipTo.address;
    } else if (company.shipTo) shippingAddress = company.shipTo;
    else return answer(400, 'OrderRequestHeader has no ShipTo, and the punchout setup names no default ship-to');

    // The shop's price for the company decides; a line sent at another price is noted for a shop admin.
    const membership = await companies.membershipOf(member.id);
    const book = membership
      ? await companies.priceBookFor(
          member.id,
          lines.map((l) => l.product.id),
        )
      : null;
    const notes = lines.flatMap((l) => {
      const buyerPrices = buyerPricesIn(book, l.product.id);
      const shop = linePrice(pricedRow(l.product), l.quantity, buyerPrices).unitPriceE4;
      if (l.sentTenThousandths === null || l.sentTenThousandths === shop) return [];
      const sent = `${Math.trunc(l.sentTenThousandths / 10_000)}.${String(Math.abs(l.sentTenThousandths) % 10_000).padStart(4, '0')}`;
      return [
        `${lineName(l.lineNumber, l.product.sku)} was sent at ${CURRENCY_CODE} ${sent}; placed at the shop's ${CURRENCY_CODE} ${formatUnitPriceDecimal(shop)}`,
      ];
    });
    const reviewNote = notes.length ? `Punchout order ${request.orderId}: ${notes.join('; ')}` : null;

    try {
      const order = await orders.place(
        {
          user: member,
          lines: lines.map((l) => ({ product: l.product, quantity: l.quantity, buyerPrices: buyerPricesIn(book, l.product.id) })),
          details: { poNumber: request.orderId, note: request.comments?.slice(0, 1000) ?? undefined, shippingAddress },
          membership,
          paymentMethod: 'account',
          reviewNote,
        },
        {
          // First in the unit: the buyer's order id for this company (its primary key makes a repeat one order).
          claim: (uow, id) =>
            punchout.claimOrderIn(uow.trx, {
              company_id: company!.companyId,
              buyer_order_id: request.orderId,
              order_id: id,
              payload_id: header?.payloadId?.slice(0, 500) ?? null,
              created_at: nowIso(),
            }),
        },
      );
      orderId = order._id;
      return await answer(200, `Order ${order.orderNumber} placed${reviewNote ? ' (a price differed from the shop’s: placed at the shop’s price)' : ''}`);
    } catch (error) {
      if (isUniqueViolation(error)) {
        const winner = await punchout.orderFor(company.companyId, request.orderId);
        if (winner) return already(winner, member);
      }
      if (error instanceof StockShortError) {
        const short = error.short.map((s) => {
          const line = lines.find((l) => l.product.id === s.productId);
          return `${lineName(line?.lineNumber ?? '?', line?.product.sku ?? '')}: ${stockErrorMessage(s.available)}`;
        });
        return answer(409, short.join('; '));
      }
      if (error instanceof AppError && error.statusCode < 500) return answer(error.statusCode === 422 ? 400 : error.statusCode, error.message);
      throw error;
    }
  };
}
