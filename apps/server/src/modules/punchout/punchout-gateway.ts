import type { SessionUser } from '../../lib/session-user.js';
import type { ReturnPage } from './punchout-pages.js';

/**
 * What the punchout routes (punchout-gateway.routes.ts) answer, and the use cases they call: the
 * flows in src/flows/punchout-*.ts implement them (built in services.ts; a module never imports a
 * flow). Each answer is already a document: cXML for a procurement system, a page or a redirect
 * for a browser.
 */
export type GatewayAnswer =
  | { kind: 'xml'; status: number; body: string }
  | { kind: 'page'; status: number; page: ReturnPage; cookies?: readonly string[] }
  | { kind: 'redirect'; location: string; cookies: readonly string[] };

/** The browser's side of a request (the session it opens records them, as any sign-in does). */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export interface PunchoutGateway {
  /** `POST /punchout/cxml/setup`: a `PunchOutSetupRequest` → a `Response` with the one-time start URL. */
  cxmlSetup(text: string, client: ClientInfo): Promise<GatewayAnswer>;
  /** `GET /punchout/start/:token`: signs the browser in for this punchout and opens the catalogue. */
  start(token: string, client: ClientInfo): Promise<GatewayAnswer>;
  /** `GET|POST /punchout/oci`: OCI's login fields → the same punchout session. */
  oci(fields: Readonly<Record<string, string>>, raw: string, client: ClientInfo): Promise<GatewayAnswer>;
  /** `POST /punchout/return`: the page that posts the cart back; the session ends. */
  returnCart(user: SessionUser, requestHeaders: Headers): Promise<GatewayAnswer>;
  /** `POST /punchout/cxml/order`: an `OrderRequest` → one order (however often it is sent) and a `Response`. */
  cxmlOrder(text: string, client: ClientInfo): Promise<GatewayAnswer>;
}
