import {
  CURRENCY_CODE,
  isAllowedReturnUrl,
  lineAvailability,
  moneyText,
  ociCartFields,
  PUNCHOUT_MESSAGES,
  returnOriginOf,
  type PunchoutCartLine,
} from '@bulkparts/shared';
import type { Units } from '../db/unit-of-work.js';
import type { SessionUser } from '../lib/session-user.js';
import type { PunchoutSignIn } from '../modules/auth/punchout-sign-in.js';
import { cartOwnerOf } from '../modules/cart/cart-owner.js';
import type { CartService } from '../modules/cart/cart.service.js';
import { newPayloadId, orderMessage } from '../modules/punchout/cxml-writer.js';
import type { GatewayAnswer } from '../modules/punchout/punchout-gateway.js';
import { messagePage, returnPage } from '../modules/punchout/punchout-pages.js';
import type { PunchoutService } from '../modules/punchout/punchout.service.js';
import { backorderOf } from '../modules/products/products.service.js';

export interface PunchoutReturnDeps {
  units: Units;
  punchout: PunchoutService;
  cart: Pick<CartService, 'priced' | 'discardIn'>;
  signIn: Pick<PunchoutSignIn, 'signOut'>;
  host: string;
  now?: () => Date;
}

const back = { href: '/cart', label: 'Back to the cart' };

/**
 * "Return cart" (issue 32): the session's cart, at the company's prices, becomes the document the
 * procurement system expects (cXML `PunchOutOrderMessage` in the form field `cxml-urlencoded`, or
 * OCI's `NEW_ITEM-…` fields), posted by the answered page to the session's return URL, on an
 * allowed origin only. In one unit: the session marked returned (once), the cart removed, the
 * document logged; then the browser's punchout sign-in ends. A line the order would refuse
 * (unavailable, below its minimum, short of stock) keeps the cart here, named, as checkout does.
 *
 * A line beyond the stock of a product taking backorders carries its promised dispatch day
 * (`LeadTime`, `NEW_ITEM-LEADTIME`), decided by the shared `lineAvailability` as checkout decides it.
 * Waiting on issue 30: the estimated tax (`taxCents`, cXML `Tax`) is sent once the order core
 * prices it; until then it is absent.
 */
export function createPunchoutReturn({ units, punchout, cart, signIn, host, now = () => new Date() }: PunchoutReturnDeps) {
  return async function returnCart(user: SessionUser, requestHeaders: Headers): Promise<GatewayAnswer> {
    const session = user.punchout ? await punchout.session(user.punchout.sessionId) : null;
    if (!session) return { kind: 'page', status: 409, page: messagePage('Nothing to return', PUNCHOUT_MESSAGES.notPunchout) };
    if (session.returned)
      return { kind: 'page', status: 409, page: messagePage('Cart already returned', 'This cart has already gone back to your procurement system.') };
    const company = await punchout.companyOf(session.companyId);
    // The origins may have changed since the setup: the cart goes only where the company allows today.
    const origin = returnOriginOf(session.returnUrl);
    if (!company || !origin || !isAllowedReturnUrl(session.returnUrl, company.allowedReturnOrigins)) {
      return {
        kind: 'page',
        status: 403,
        page: messagePage('The cart cannot be returned', 'The return address of this punchout is no longer allowed for your company.'),
      };
    }

    const owner = cartOwnerOf(user);
    const priced = await cart.priced(owner);
    const problems = priced.filter((l) => l.problem);
    if (problems.length && session.operation !== 'inspect') {
      const list = problems.map((l) => `${l.product.sku}: ${l.problem}`).join('; ');
      return { kind: 'page', status: 409, page: messagePage('Fix the cart first', `These lines cannot be ordered as they are: ${list}.`, back) };
    }
    const today = now().toISOString().slice(0, 10);
    const lines: PunchoutCartLine[] = priced.map((l) => ({
      productId: l.product.id,
      sku: l.product.sku,
      name: l.product.name,
      brand: l.product.brand,
      quantity: l.quantity,
      unitPriceE4: l.unitPriceE4,
      lineTotalCents: l.lineTotalCents,
      unspsc: l.product.unspsc ?? null,
      category: l.product.category,
      promisedDispatchDate: lineAvailability(l.quantity, Number(l.product.available_quantity), backorderOf(l.product), today).promisedDispatch,
    }));
    const totalCents = lines.reduce((n, l) => n + l.lineTotalCents, 0);

    let fields: [string, string][];
    let body: string;
    let payloadId: string | null = null;
    if (session.protocol === 'cxml' && session.header && session.buyerCookie !== null) {
      payloadId = newPayloadId(host, now());
      body = orderMessage({ payloadId, header: session.header, buyerCookie: session.buyerCookie, operation: session.operation, lines, totalCents, today });
      fields = [['cxml-urlencoded', body]];
    } else {
      fields = ociCartFields(lines, today);
      body = fields.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
    }

    const returned = await units.run(async (uow) => {
      if (!(await punchout.markReturnedIn(uow.trx, session.id))) return false;
      await cart.discardIn(uow.trx, [owner.cartId]);
      const message = `${lines.length} line${lines.length === 1 ? '' : 's'}, total ${CURRENCY_CODE} ${moneyText(totalCents)}`;
      await punchout.log(
        {
          direction: 'out',
          protocol: session.protocol,
          type: session.protocol === 'cxml' ? 'PunchOutOrderMessage' : 'OCICart',
          companyId: session.companyId,
          payloadId,
          message,
          body,
        },
        uow.trx,
      );
      return true;
    });
    if (!returned)
      return { kind: 'page', status: 409, page: messagePage('Cart already returned', 'This cart has already gone back to your procurement system.') };

    const cookies = await signIn.signOut(requestHeaders);
    const systemName = company.systemName ?? session.header?.userAgent ?? 'your procurement system';
    return {
      kind: 'page',
      status: 200,
      page: returnPage({ action: session.returnUrl, origin, target: session.returnTarget ?? '_top', fields, systemName }),
      cookies,
    };
  };
}
