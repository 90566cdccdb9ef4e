import { isAllowedReturnUrl, normalizeSku, parseQuantityText, PUNCHOUT_SESSION_TTL_SECONDS, type PunchoutCredential } from '@bulkparts/shared';
import type { PunchoutSignIn } from '../modules/auth/punchout-sign-in.js';
import { punchoutCartId } from '../modules/cart/cart-owner.js';
import type { CartService } from '../modules/cart/cart.service.js';
import type { ProductsService } from '../modules/products/products.service.js';
import { CxmlRefusal, readCxmlRequest, readSetupRequest, type CxmlHeader } from '../modules/punchout/cxml-reader.js';
import { cxmlResponse, newPayloadId, setupResponseBody } from '../modules/punchout/cxml-writer.js';
import type { ClientInfo, GatewayAnswer } from '../modules/punchout/punchout-gateway.js';
import { messagePage } from '../modules/punchout/punchout-pages.js';
import { RateLimitedError } from '../modules/rate-limit/rate-limit.service.js';
import { credentialKey, type PunchoutCompany, type PunchoutService, type StartedSession } from '../modules/punchout/punchout.service.js';

export interface PunchoutStartDeps {
  punchout: PunchoutService;
  signIn: PunchoutSignIn;
  cart: Pick<CartService, 'addProducts'>;
  products: Pick<ProductsService, 'findBySkus'>;
  /** PUBLIC_URL's host: the `payloadID`s of the shop's documents end with it. */
  host: string;
  now?: () => Date;
}

/** OCI's `~TARGET` values the return form may use (any other is ignored: the form targets the whole window). */
const OCI_TARGETS = new Set(['_top', '_parent', '_self', '_blank']);

const MESSAGES = {
  unauthorized: 'Unknown From identity, or wrong Sender identity or shared secret',
  notAllowed: "BrowserFormPost/URL is not on this company's allowed return origins",
  noMember: "Punchout is not available: the company's punchout member is no longer one of its members",
};

/**
 * Starting a punchout (issue 32), a use case over the punchout, auth, cart and products modules:
 * the procurement system's setup (cXML) or the buyer's browser (OCI) is checked against the
 * company's setup, a punchout session is recorded, and the browser is signed in as the company's
 * punchout member for that session only (its own cart, priced for the company; an `edit` or
 * `inspect` setup's earlier lines put in it). Every document in and out is logged.
 */
export function createPunchoutStart({ punchout, signIn, cart, products, host, now = () => new Date() }: PunchoutStartDeps) {
  /** Signs the browser in for a started session and answers the redirect into the catalogue. */
  async function openSession(session: StartedSession, company: PunchoutCompany, client: ClientInfo): Promise<GatewayAnswer> {
    const member = await punchout.member(company);
    if (!member) return { kind: 'page', status: 403, page: messagePage('Punchout is not available', MESSAGES.noMember) };
    const cookies = await signIn.signIn({
      userId: member.id,
      punchoutSessionId: session.id,
      inspect: session.operation === 'inspect',
      endsAt: new Date(session.endsAt),
      ipAddress: client.ip,
      userAgent: client.userAgent.slice(0, 500),
    });
    // An earlier cart sent back to be edited or inspected: its lines, as they are today (a line with a problem shows it).
    const wanted = session.items.flatMap((i) => {
      const quantity = parseQuantityText(i.quantity);
      return quantity && quantity > 0 && i.sku ? [{ sku: i.sku, quantity }] : [];
    });
    if (wanted.length) {
      const found = new Map((await products.findBySkus(wanted.map((w) => w.sku))).map((p) => [p.sku, p.id]));
      const pieces = wanted.flatMap((w) => {
        const productId = found.get(normalizeSku(w.sku));
        return productId ? [{ productId, quantity: w.quantity }] : [];
      });
      if (pieces.length) await cart.addProducts({ cartId: punchoutCartId(session.id), buyerId: member.id }, pieces);
    }
    return { kind: 'redirect', location: wanted.length ? '/cart' : '/products', cookies };
  }

  const endsAt = () => new Date(now().getTime() + PUNCHOUT_SESSION_TTL_SECONDS * 1000);

  return {
    async cxmlSetup(text: string, client: ClientInfo): Promise<GatewayAnswer> {
      const payloadId = newPayloadId(host, now());
      let header: CxmlHeader | undefined;
      let company: PunchoutCompany | null = null;
      const answer = async (status: number, message: string, body?: string): Promise<GatewayAnswer> => {
        const xml = cxmlResponse({ payloadId, status, message, body });
        await punchout.log({
          direction: 'in',
          protocol: 'cxml',
          type: 'PunchOutSetupRequest',
          companyId: company?.companyId,
          payloadId: header?.payloadId,
          statusCode: status,
          message,
          body: text,
        });
        await punchout.log({
          direction: 'out',
          protocol: 'cxml',
          type: 'PunchOutSetupResponse',
          companyId: company?.companyId,
          payloadId,
          statusCode: status,
          message,
          body: xml,
        });
        return { kind: 'xml', status, body: xml };
      };
      try {
        const read = readCxmlRequest(text, 'PunchOutSetupRequest');
        header = read.header;
        company = await punchout.authenticateCxml(header.from, header.sender, client.ip);
        if (!company) return await answer(401, MESSAGES.unauthorized);
        const setup = readSetupRequest(read.request);
        if (!isAllowedReturnUrl(setup.returnUrl, company.allowedReturnOrigins)) return await answer(403, MESSAGES.notAllowed);
        if (!(await punchout.member(company))) return await answer(403, MESSAGES.noMember);
        // The cart's header mirrors this one: the buyer's From credential that named the company, the shop as its To named it.
        const buyer = header.from.find((f) => company!.fromIdentity && credentialKey(f) === credentialKey(company!.fromIdentity)) ?? header.from[0]!;
        const shop: PunchoutCredential = header.to[0] ?? { domain: 'NetworkID', identity: host };
        const session = await punchout.newSession({
          company,
          protocol: 'cxml',
          operation: setup.operation,
          buyerCookie: setup.buyerCookie,
          returnUrl: setup.returnUrl,
          returnTarget: null,
          header: { buyer, shop, userAgent: header.userAgent },
          userEmail: setup.userEmail,
          items: setup.operation === 'create' ? [] : setup.items,
        });
        return await answer(200, 'OK', setupResponseBody(session.startUrl));
      } catch (error) {
        if (error instanceof CxmlRefusal) return answer(error.status, error.message);
        if (error instanceof RateLimitedError) return answer(429, error.message);
        throw error;
      }
    },

    async start(token: string, client: ClientInfo): Promise<GatewayAnswer> {
      const started = await punchout.start(token, endsAt());
      if ('refused' in started) {
        const message =
          started.refused === 'used'
            ? 'This punchout link was used already: a link opens the catalogue once. Go back to your procurement system and open the catalogue again.'
            : started.refused === 'expired'
              ? 'This punchout link has expired (it works for 15 minutes). Go back to your procurement system and open the catalogue again.'
              : 'This punchout link is not known. Go back to your procurement system and open the catalogue again.';
        return { kind: 'page', status: started.refused === 'unknown' ? 404 : 410, page: messagePage('This link no longer opens the catalogue', message) };
      }
      const company = await punchout.companyOf(started.session.companyId);
      if (!company) return { kind: 'page', status: 403, page: messagePage('Punchout is not available', 'Punchout has been turned off for your company.') };
      return openSession(started.session, company, client);
    },

    /**
     * OCI 4.0/5.0: `USERNAME`, `PASSWORD` and `HOOK_URL` (names in any case), `~TARGET` for the
     * return form; the other `~` fields (`~OkCode`, `~CALLER`) are ignored. No start link: the
     * browser is here already, so its session starts at once.
     */
    async oci(fields: Readonly<Record<string, string>>, raw: string, client: ClientInfo): Promise<GatewayAnswer> {
      const field = (name: string) =>
        Object.entries(fields)
          .find(([k]) => k.toUpperCase() === name)?.[1]
          ?.trim() ?? '';
      let company: PunchoutCompany | null = null;
      const refuse = async (status: number, title: string, message: string): Promise<GatewayAnswer> => {
        await punchout.log({ direction: 'in', protocol: 'oci', type: 'OCISetup', companyId: company?.companyId, statusCode: status, message, body: raw });
        return { kind: 'page', status, page: messagePage(title, message) };
      };
      const [username, password, hookUrl] = [field('USERNAME'), field('PASSWORD'), field('HOOK_URL')];
      const missing = [!username && 'USERNAME', !password && 'PASSWORD', !hookUrl && 'HOOK_URL'].filter(Boolean);
      if (missing.length) return refuse(400, 'Punchout could not start', `The OCI request has no ${missing.join(', ')}.`);
      if (hookUrl.length > 2000) return refuse(400, 'Punchout could not start', 'HOOK_URL is longer than 2000 characters.');
      const authenticated = await punchout.authenticateOci(username, password, client.ip).catch((error: unknown) => {
        if (error instanceof RateLimitedError) return 'limited' as const;
        throw error;
      });
      if (authenticated === 'limited') return refuse(429, 'Punchout could not start', 'Too many wrong attempts. Wait a few minutes, then try again.');
      company = authenticated;
      if (!company) return refuse(401, 'Punchout could not start', 'Unknown OCI user name, or wrong password.');
      if (!isAllowedReturnUrl(hookUrl, company.allowedReturnOrigins))
        return refuse(403, 'Punchout could not start', "HOOK_URL is not on this company's allowed return origins.");
      if (!(await punchout.member(company))) return refuse(403, 'Punchout is not available', MESSAGES.noMember);
      const target = field('~TARGET').toLowerCase();
      const created = await punchout.newSession({
        company,
        protocol: 'oci',
        operation: 'create',
        buyerCookie: null,
        returnUrl: hookUrl,
        returnTarget: OCI_TARGETS.has(target) ? target : null,
        header: null,
        userEmail: null,
        items: [],
      });
      const started = await punchout.start(created.token, endsAt());
      if ('refused' in started) throw new Error('a punchout session just made could not start');
      await punchout.log({
        direction: 'in',
        protocol: 'oci',
        type: 'OCISetup',
        companyId: company.companyId,
        statusCode: 200,
        message: 'Session started',
        body: raw,
      });
      return openSession(started.session, company, client);
    },
  };
}
