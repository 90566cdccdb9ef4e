import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pino from 'pino';

// `logger: false` (tests) gives Fastify's abstract logger, which has no isLevelEnabled.
type Pino = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };

export const REDACTED = '[redacted]';

/** Query parameters whose values are secrets whatever they look like (compared lower-cased, decoded). */
const SECRET_PARAMS = new Set(['api_key', 'apikey', 'access_token', 'token', 'key', 'secret', 'password']);
/** Text shaped like one of our secrets: an API key (`bp_…`) or a webhook signing secret (`whsec_…`). */
const KEY_SHAPED = /(?<![A-Za-z0-9])(?:bp|whsec)_[A-Za-z0-9+/=_-]*/gi;
const KEY_SHAPED_TEST = /(?<![A-Za-z0-9])(?:bp|whsec)_/i;
/** A cheap first look: most URLs have no query string and no `_` after `bp`/`whsec`, encoded or not. */
const MAYBE_SECRET = /[?]|(?:bp|whsec)(?:_|%5f)/i;

const decode = (s: string): string => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
};
const looksLikeKey = (s: string): boolean => KEY_SHAPED_TEST.test(s) || KEY_SHAPED_TEST.test(decode(s));

/** The same parameters where free text quotes a URL. */
const SECRET_PARAM_IN_TEXT = /([?&](?:api_key|apikey|access_token|token|key|secret|password)=)[^&\s#"'<>]*/gi;

/** Redacts free text (an error's message and stack, which may quote a URL): secret parameters' values and key-shaped text. */
export function redactSecrets(text: string): string {
  return text.replace(SECRET_PARAM_IN_TEXT, `$1${REDACTED}`).replace(KEY_SHAPED, REDACTED);
}

/**
 * A request URL as it may be logged (issue 28): the values of `api_key`, `access_token`, `token`,
 * `key`, `secret` and `password`, and any parameter or path segment shaped like a key (`bp_…`,
 * `whsec_…`, percent-encoded or not), become `[redacted]`. A refused `?api_key=bp_…` was logged in
 * full at info, and logs travel further than the database.
 */
export function redactUrl(url: string): string {
  if (!MAYBE_SECRET.test(url)) return url;
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const safePath = path
    .split('/')
    .map((segment) => (looksLikeKey(segment) ? REDACTED : segment))
    .join('/');
  if (q === -1) return safePath;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      if (looksLikeKey(name)) return REDACTED;
      if (eq === -1) return pair;
      const value = pair.slice(eq + 1);
      return SECRET_PARAMS.has(decode(name).trim().toLowerCase()) || looksLikeKey(value) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${query}`;
}

/**
 * pino serializers for every logger the app builds: `req` as Fastify's own (method, URL, host,
 * client address) with the URL redacted, `err` as pino's with key-shaped text in its message and
 * stack redacted (an error may quote the URL it failed on).
 */
export const redactingSerializers = {
  req(req: FastifyRequest) {
    return {
      method: req.method,
      url: redactUrl(req.url),
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    };
  },
  err(err: Error) {
    const out = pino.stdSerializers.err(err);
    if (typeof out.message === 'string') out.message = redactSecrets(out.message);
    if (typeof out.stack === 'string') out.stack = redactSecrets(out.stack);
    return out;
  },
};

/** The app's logger options with the redacting serializers added (`false`: no logger). */
export function withRedaction(logger: FastifyServerOptions['logger'], level: string): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  const options = logger === true || logger === undefined ? { level } : logger;
  return { ...options, serializers: { ...options.serializers, ...redactingSerializers } };
}

/**
 * Request logging (ADR 0005). At `info`: one line per failed request (status ≥ 400, or a stream
 * error) with pino's `reqId`, method, URL (secrets in it redacted), status, time and client
 * address; successful requests are logged only at `debug`. Fastify's default wrote two lines for
 * every request ("incoming request" + "request completed", each serialising the request or reply):
 * ~20% of the throughput of a cached catalogue read. Counts and latencies of every request are in
 * `/metrics`; 5xx errors are also logged with their stack by the error handler. Every other
 * Fastify log line (serializer errors, …) is kept as it was, but none writes an unredacted URL.
 */
export class OneLineLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const log = reply.log as Pino;
    const failed = Boolean(error) || reply.statusCode >= 400;
    if (!failed && !log.isLevelEnabled?.('debug')) return;
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
      remoteAddress: request.ip,
    };
    if (error) log.error({ ...line, err: error }, 'request errored');
    else if (failed) log.info(line, 'request failed');
    else log.debug(line, 'request completed');
  }

  // Fastify's own writes `Route GET:<raw URL> not found` (only with its default 404 handler).
  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.info(`Route ${request.method}:${redactUrl(request.url)} not found`);
  }
}
