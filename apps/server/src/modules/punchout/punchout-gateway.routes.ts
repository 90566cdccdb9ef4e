import { PUNCHOUT_BODY_LIMIT_BYTES } from '@bulkparts/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { currentUser } from '../../lib/current-user.js';
import type { ApiInstance } from '../../lib/validate.js';
import type { TextAnswers } from '../../lib/text-answers.js';
import { cxmlResponse, newPayloadId } from './cxml-writer.js';
import type { ClientInfo, GatewayAnswer, PunchoutGateway } from './punchout-gateway.js';
import { messagePage } from './punchout-pages.js';
import type { PunchoutService } from './punchout.service.js';

const XML = ['text/xml', 'application/xml'] as const;
const FORM = 'application/x-www-form-urlencoded';
const HTML = ['text/html'] as const;

/** A cXML document as a route takes it: text, at most 1 MiB (the route's body limit refuses more unread). */
const cxmlBodySchema = z.string({ error: 'Send the cXML document as the body, with Content-Type text/xml' });
const ociValue = z.string({ error: 'Each OCI field must appear once' }).max(4000, 'An OCI field is too long');
/**
 * OCI's fields: names and values as text (a repeated name, or a value past 4000 characters, is
 * refused). The ones the shop reads are named, so the OpenAPI document lists them; any other
 * (lower-case names, `~OkCode`, `~CALLER`, a system's own) passes as text.
 */
const ociFieldsSchema = z
  .object({
    USERNAME: ociValue.optional(),
    PASSWORD: ociValue.optional(),
    HOOK_URL: ociValue.optional(),
    '~TARGET': ociValue.optional(),
  })
  .catchall(ociValue);
const startParamsSchema = z.object({ token: z.string().min(1).max(200) });

const cxmlAnswers = (ok: string): TextAnswers => ({
  200: { description: ok, media: XML },
  400: {
    description:
      'cXML `Status code="400"`: not a readable cXML document of this kind (malformed, a DTD or entity, too large, a line the shop refuses), named in the Status text',
    media: XML,
  },
  401: { description: 'cXML `Status code="401"`: unknown From identity, or wrong Sender identity or shared secret', media: XML },
  403: { description: 'cXML `Status code="403"`: refused for this company (return URL not allowed, punchout member gone)', media: XML },
  '4XX': { description: 'cXML `Status`: any other refusal (409: stock short, credit limit)', media: XML },
  '5XX': { description: 'cXML `Status code="500"`', media: XML },
});
const pageAnswers = (success: TextAnswers): TextAnswers => ({
  ...success,
  '4XX': { description: 'A page saying why (a used or expired link, wrong OCI credentials, a return URL not allowed)', media: HTML },
  '5XX': { description: 'A page saying something went wrong', media: HTML },
});

/** cXML's status for an error: the few codes cXML names, else 400 for the sender's mistakes and 500 for ours. */
function cxmlStatusOf(status: number): number {
  if ([400, 401, 403, 404, 409, 429].includes(status)) return status;
  return status >= 500 ? 500 : 400;
}

function clientOf(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
}

function send(reply: FastifyReply, answer: GatewayAnswer) {
  reply.header('cache-control', 'no-store');
  if (answer.kind === 'xml') return reply.status(answer.status).type('text/xml; charset=utf-8').send(answer.body);
  if (answer.cookies?.length) reply.header('set-cookie', [...answer.cookies]);
  if (answer.kind === 'redirect') return reply.redirect(answer.location, 303);
  reply.header('content-security-policy', answer.page.csp);
  return reply.status(answer.status).type('text/html; charset=utf-8').send(answer.page.html);
}

/**
 * Punchout's own routes (issue 32), outside `/api`: procurement systems post cXML here and buyers'
 * browsers arrive here, so they answer cXML documents and pages, never JSON, errors included (this
 * plugin's error handler). XML and form bodies are read only here, as text, at most 1 MiB: a
 * larger body is refused before it is read. `/punchout/*` is not a page of the web app
 * (packages/shared/src/routes.ts), so the app's fallback never answers it.
 */
export default async function punchoutGatewayRoutes(
  app: ApiInstance,
  opts: { gateway: PunchoutGateway; punchout: Pick<PunchoutService, 'log'>; host: string },
) {
  const { gateway, punchout, host } = opts;
  app.addContentTypeParser([...XML], { parseAs: 'string', bodyLimit: PUNCHOUT_BODY_LIMIT_BYTES }, (_request, body, done) => done(null, body));
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: PUNCHOUT_BODY_LIMIT_BYTES }, (_request, body, done) => {
    // A map, not an object: a field named `valueOf`, `constructor` or `__proto__` is only a name.
    const fields = new Map<string, string | string[]>();
    for (const [name, value] of new URLSearchParams(String(body))) {
      const seen = fields.get(name);
      fields.set(name, seen === undefined ? value : [...[seen].flat(), value]);
    }
    done(null, Object.fromEntries(fields));
  });

  app.setErrorHandler(async (err: FastifyError | AppError, request, reply) => {
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 500) request.log.error({ err }, 'punchout request failed');
    const tooLarge = status === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE';
    const message =
      status >= 500
        ? 'Something went wrong on our side. Please try again.'
        : tooLarge
          ? `The document is larger than ${PUNCHOUT_BODY_LIMIT_BYTES / 1024 / 1024} MiB and was not read`
          : err instanceof AppError && err.fields
            ? Object.values(err.fields)[0]!
            : err.message;
    if (request.url.startsWith('/punchout/cxml/')) {
      // A body refused unread (too large, not text) is still logged, without its text.
      const code = tooLarge ? 400 : cxmlStatusOf(status);
      const payloadId = newPayloadId(host);
      const xml = cxmlResponse({ payloadId, status: code, message });
      const type = request.url.startsWith('/punchout/cxml/order') ? 'OrderRequest' : 'PunchOutSetupRequest';
      // (PostgreSQL cannot store NUL: a body the validator refused for one is logged without them)
      const text = typeof request.body === 'string' ? request.body.split('\u0000').join('') : null;
      await punchout.log({ direction: 'in', protocol: 'cxml', type, statusCode: code, message, body: text }).catch(() => {});
      return send(reply, { kind: 'xml', status: code, body: xml });
    }
    const code = tooLarge ? 400 : status;
    const title = code === 401 ? 'Please sign in' : code === 403 ? 'Not allowed' : 'This did not work';
    return send(reply, { kind: 'page', status: code, page: messagePage(title, message) });
  });

  app.post(
    '/punchout/cxml/setup',
    {
      bodyLimit: PUNCHOUT_BODY_LIMIT_BYTES,
      schema: {
        summary: 'cXML PunchOutSetupRequest → Response with the one-time StartPage URL',
        tags: ['punchout'],
        consumes: [...XML],
        body: cxmlBodySchema,
        textAnswers: cxmlAnswers('cXML `Status code="200"` with `PunchOutSetupResponse/StartPage/URL` (one use, 15 minutes)'),
      },
    },
    async (request, reply) => send(reply, await gateway.cxmlSetup(request.body, clientOf(request))),
  );

  app.post(
    '/punchout/cxml/order',
    {
      bodyLimit: PUNCHOUT_BODY_LIMIT_BYTES,
      schema: {
        summary: 'cXML OrderRequest → one order on account (the same orderID twice: still one), and a Response',
        tags: ['punchout'],
        consumes: [...XML],
        body: cxmlBodySchema,
        textAnswers: cxmlAnswers('cXML `Status code="200"`: the order is placed (or was, for this orderID)'),
      },
    },
    async (request, reply) => send(reply, await gateway.cxmlOrder(request.body, clientOf(request))),
  );

  app.get(
    '/punchout/start/:token',
    {
      schema: {
        summary: 'Opens the catalogue for a cXML punchout: signs this browser in for the session, once',
        tags: ['punchout'],
        params: startParamsSchema,
        textAnswers: pageAnswers({ 303: { description: 'Signed in for this punchout: to the catalogue (or the reopened cart)', media: [] } }),
      },
    },
    async (request, reply) => send(reply, await gateway.start(request.params.token, clientOf(request))),
  );

  const ociRoute = {
    summary: 'OCI 4.0/5.0 punchout: USERNAME, PASSWORD, HOOK_URL (and ~TARGET) → signed in for the session, to the catalogue',
    tags: ['punchout'],
    textAnswers: pageAnswers({ 303: { description: 'Signed in for this punchout: to the catalogue', media: [] } }),
  };
  app.get('/punchout/oci', { schema: { ...ociRoute, querystring: ociFieldsSchema } }, async (request, reply) => {
    const raw = request.url.split('?')[1] ?? '';
    return send(reply, await gateway.oci(request.query, raw, clientOf(request)));
  });
  app.post(
    '/punchout/oci',
    { bodyLimit: PUNCHOUT_BODY_LIMIT_BYTES, schema: { ...ociRoute, consumes: [FORM], body: ociFieldsSchema } },
    async (request, reply) => {
      const raw = Object.entries(request.body)
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
        .join('&');
      return send(reply, await gateway.oci(request.body, raw, clientOf(request)));
    },
  );

  app.post(
    '/punchout/return',
    {
      preValidation: app.requireUser,
      config: { punchout: 'read' },
      schema: {
        summary: 'Return cart: the page that posts the cart (cXML cxml-urlencoded, or OCI fields) to the procurement system; the session ends',
        tags: ['punchout'],
        textAnswers: pageAnswers({
          200: { description: 'The page that posts the cart to the return URL (only there: its own CSP)', media: HTML },
          // The cross-site guard (plugins/origin-check.ts) answers before the route, in the API's JSON.
          403: {
            description: 'FORBIDDEN_ORIGIN (JSON): not posted from the shop’s own page; or a page: this session may not return a cart',
            media: [...HTML, 'application/json'],
          },
        }),
      },
    },
    async (request, reply) => send(reply, await gateway.returnCart(currentUser(request), fromNodeHeaders(request.headers))),
  );
}
