import type { Units } from '../db/unit-of-work.js';
import { createPunchoutOrder } from '../flows/punchout-order.js';
import { createPunchoutReturn } from '../flows/punchout-return.js';
import { createPunchoutStart } from '../flows/punchout-start.js';
import { createApiKeysRepository } from '../modules/api-keys/api-keys.repository.js';
import { createApiKeysService } from '../modules/api-keys/api-keys.service.js';
import type { Auth } from '../modules/auth/auth.js';
import { createPunchoutSignIn } from '../modules/auth/punchout-sign-in.js';
import { punchoutCartId } from '../modules/cart/cart-owner.js';
import type { CartService } from '../modules/cart/cart.service.js';
import type { CompaniesService } from '../modules/companies/companies.service.js';
import type { OrdersService } from '../modules/orders/orders.service.js';
import type { ProductsService } from '../modules/products/products.service.js';
import type { PunchoutGateway } from '../modules/punchout/punchout-gateway.js';
import { createPunchoutRepository } from '../modules/punchout/punchout.repository.js';
import { createPunchoutService } from '../modules/punchout/punchout.service.js';
import type { RateLimiter } from '../modules/rate-limit/rate-limit.service.js';
import type { UsersService } from '../modules/users/users.service.js';
import type { Base } from './base.js';

export interface IntegrationsDeps extends Pick<Base, 'config' | 'db'> {
  /** Requests per minute one API key may make (issue 19; default in api-keys.service.ts). */
  apiKeyRatePerMinute: number | undefined;
  units: Units;
  rateLimiter: RateLimiter;
  auth: Auth;
  users: UsersService;
  companies: CompaniesService;
  products: ProductsService;
  cart: CartService;
  orders: OrdersService;
}

/** Other systems calling in: API keys (issue 19) and punchout (issue 32). */
export function buildIntegrations({ config, db, apiKeyRatePerMinute, units, rateLimiter, auth, users, companies, products, cart, orders }: IntegrationsDeps) {
  // Issue 19: API keys, each request's key read from the database and counted per key.
  const apiKeys = createApiKeysService({
    repo: createApiKeysRepository(db),
    rateLimiter,
    ...(apiKeyRatePerMinute !== undefined ? { perMinute: apiKeyRatePerMinute } : {}),
  });

  // Issue 32 (ADR 0031): punchout. The module owns its setups, sessions, log and buyers' order ids;
  // the flows start a session (signing the browser in as the company's punchout member), return
  // its cart, and place a cXML OrderRequest through the place-order flow.
  const punchout = createPunchoutService({ repo: createPunchoutRepository(db), companies, users, publicUrl: config.publicUrl, rateLimiter });
  const punchoutSignIn = createPunchoutSignIn(auth, config.authSecret);
  const punchoutHost = new URL(config.publicUrl).hostname;
  const punchoutStart = createPunchoutStart({ punchout, signIn: punchoutSignIn, cart, products, host: punchoutHost });
  const punchoutGateway: PunchoutGateway = {
    cxmlSetup: punchoutStart.cxmlSetup,
    start: punchoutStart.start,
    oci: punchoutStart.oci,
    returnCart: createPunchoutReturn({ units, punchout, cart, signIn: punchoutSignIn, host: punchoutHost }),
    cxmlOrder: createPunchoutOrder({ punchout, orders, products, companies, host: punchoutHost }),
  };
  /** The background round: log texts past 90 days emptied; ended sessions' carts and rows removed, in one unit. */
  const sweepPunchout = async (): Promise<number> => {
    const { endedSessions } = await punchout.sweep();
    if (endedSessions.length) {
      await units.run((uow) => cart.discardIn(uow.trx, endedSessions.map(punchoutCartId)));
      await punchout.deleteSessions(endedSessions);
    }
    return endedSessions.length;
  };

  return { apiKeys, punchout, punchoutGateway, punchoutHost, sweepPunchout };
}
