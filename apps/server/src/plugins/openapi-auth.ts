import type { BetterAuthOptions } from 'better-auth';
import { freshSessionMiddleware, sensitiveSessionMiddleware, sessionMiddleware } from 'better-auth/api';
import type { z } from 'zod';
import type { Auth } from '../modules/auth/auth.js';
import { authInputSchema } from '../modules/auth/auth-input.js';

type JsonObject = Record<string, unknown>;
type Access = 'public' | 'user';

/** Where plugins/auth.ts mounts better-auth's router (one Fastify route, `/api/auth/*`). */
export const AUTH_BASE = '/api/auth';

const AUTH_ERROR_SCHEMA = { $ref: '#/components/schemas/AuthError' };
const SESSION = [{ session: [] }];

/**
 * Endpoints better-auth's router answers that the shop's configuration (modules/auth/auth.ts) gives
 * no feature: they only ever refuse, so the document leaves them out.
 */
const NOT_ENABLED = new Set([
  // `user.changeEmail` and `user.deleteUser` are off.
  'post /change-email',
  'post /delete-user',
  'get /delete-user/callback',
  // The second factor is TOTP or a backup code; no one-time code by mail is configured.
  'post /two-factor/send-otp',
  'post /two-factor/verify-otp',
  // Reading the session by POST needs `session.deferSessionRefresh` (405 without it); GET reads it.
  'post /get-session',
  // Sets the session's own extra fields; the shop has none, so it only answers 400 "No fields to update".
  'post /update-session',
]);

/** Endpoints of a social sign-in (Google, `GOOGLE_*`): listed only when a provider is configured. */
const SOCIAL = new Set(['/sign-in/social', '/callback/{id}', '/link-social', '/unlink-account', '/refresh-token', '/get-access-token', '/account-info']);

/** Endpoints whose success is a redirect (the mailed links, the OAuth callback); `only`: never anything else. */
const REDIRECTS: Record<string, { description: string; only?: boolean }> = {
  '/verify-email': { description: 'With `callbackURL` (the mailed link always has one): to it, `?error=` added when the token is bad or expired' },
  '/reset-password/{token}': {
    description: 'To `callbackURL` with `?token=` (or `?error=INVALID_TOKEN`): the page where the new password is chosen',
    only: true,
  },
  '/callback/{id}': { description: "Back to the shop after the provider's consent screen (or to /login with `?error=`)", only: true },
  // better-auth's error page is not used: `onAPIError.errorURL` sends its errors to the shop's /login.
  '/error': { description: 'To /login with `?error=`', only: true },
};

/** Signed in by a second factor: the session's token and the user (better-auth describes these answers otherwise). */
const SIGNED_IN = { type: 'object', properties: { token: { type: 'string' }, user: { $ref: '#/components/schemas/AuthUser' } }, required: ['token', 'user'] };
/** A right password on an account with two-factor on: no session yet, the second factor is asked for. */
const SECOND_FACTOR_NEEDED = {
  type: 'object',
  properties: { twoFactorRedirect: { const: true }, twoFactorMethods: { type: 'array', items: { type: 'string', enum: ['totp', 'otp'] } } },
  required: ['twoFactorRedirect', 'twoFactorMethods'],
};

/** The provider's tokens, read from the account's columns: those the provider gave none of are `null`. */
const TOKEN_COLUMNS = ['refreshToken', 'idToken', 'scope', 'accessTokenExpiresAt', 'refreshTokenExpiresAt'];
const withNullTokens = (theirs: unknown) => {
  const schema = theirs as { properties?: Record<string, JsonObject> };
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, prop]) => [name, TOKEN_COLUMNS.includes(name) ? orNull(prop) : prop]),
  );
  return { ...schema, properties };
};

/**
 * Where better-auth's own description of a 200 differs from what it sends (the API tests check
 * every answer against the document: test/helpers/response-check.ts).
 */
const SUCCESS_FIXES: Record<string, (theirs: unknown) => unknown> = {
  // The two-factor plugin's hook answers a sign-in of an account with two-factor on.
  '/sign-in/email': (theirs) => ({ anyOf: [theirs, SECOND_FACTOR_NEEDED] }),
  '/two-factor/verify-totp': () => SIGNED_IN,
  // No token when the caller asks for no session (`disableSession`).
  '/two-factor/verify-backup-code': () => ({ ...SIGNED_IN, required: ['user'] }),
  '/get-access-token': withNullTokens,
  '/refresh-token': withNullTokens,
};

function fixedSuccesses(path: string, successes: Record<string, unknown>): Record<string, unknown> {
  const fix = SUCCESS_FIXES[path];
  const ok = successes[200] as { content?: Record<string, { schema?: unknown }> } | undefined;
  const json = ok?.content?.['application/json'];
  if (!fix || !ok || !json) return successes;
  return { ...successes, 200: { ...ok, content: { ...ok.content, 'application/json': { ...json, schema: fix(json.schema) } } } };
}

/** better-auth guards these with a session middleware: the document calls them `user` routes. */
const SESSION_GUARDS = new Set<unknown>([sessionMiddleware, sensitiveSessionMiddleware, freshSessionMiddleware]);
/** …and these read the session in their handler (401 without one): the social account's tokens. */
const NEEDS_SESSION = new Set(['/account-info', '/get-access-token', '/refresh-token']);

interface AuthEndpoint {
  path?: string;
  options?: { use?: unknown[] };
}

interface AuthOperation {
  tags?: string[];
  security?: unknown;
  parameters?: unknown[];
  requestBody?: { required?: boolean; content: Record<string, { schema: unknown }> };
  responses?: Record<string, unknown>;
  [key: string]: unknown;
}

const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Who may call each endpoint, read from the middlewares better-auth runs before it. */
function accessOf(auth: Auth): Map<string, Access> {
  const access = new Map<string, Access>();
  for (const endpoint of Object.values(auth.api as Record<string, AuthEndpoint>)) {
    if (!endpoint.path) continue;
    const guarded = (endpoint.options?.use ?? []).some((use) => SESSION_GUARDS.has(use)) || NEEDS_SESSION.has(endpoint.path);
    access.set(openApiPath(endpoint.path), guarded ? 'user' : 'public');
  }
  return access;
}

/**
 * better-auth writes OpenAPI 3.0 in places (`nullable: true`) and names its models `User`,
 * `Session`…: make it 3.1 and name them `AuthUser`, `AuthSession`… in our components.
 */
function normalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalise);
  if (typeof value !== 'object' || value === null) return value;
  const { nullable, ...rest } = value as JsonObject;
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(rest)) {
    out[key] = key === '$ref' && typeof child === 'string' ? child.replace('#/components/schemas/', '#/components/schemas/Auth') : normalise(child);
  }
  return nullable === true ? orNull(out) : out;
}

function orNull(schema: JsonObject): JsonObject {
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] };
  if (Array.isArray(schema.type)) return schema.type.includes('null') ? schema : { ...schema, type: [...schema.type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}

/** A model (a table's row): a column that is not required comes back as `null` when empty. */
function modelSchema(model: unknown): unknown {
  const { properties = {}, required = [], ...rest } = normalise(model) as { properties?: Record<string, JsonObject>; required?: string[] };
  const nullable = Object.fromEntries(Object.entries(properties).map(([name, prop]) => [name, required.includes(name) ? prop : orNull(prop)]));
  return { ...rest, properties: nullable, required };
}

const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: AUTH_ERROR_SCHEMA } } });

function errorAnswers(path: string, access: Access, hasInput: boolean): JsonObject {
  return {
    ...(hasInput
      ? {
          400: errorAnswer(
            'Bad input (`VALIDATION_FAILED` with `fields`, from the shop’s own check) or a refusal with better-auth’s `code` (a wrong current password…)',
          ),
        }
      : {}),
    ...(access === 'user' ? { 401: errorAnswer('UNAUTHORIZED: no valid session') } : {}),
    ...(path.includes('{') ? { 404: errorAnswer('No such provider or token') } : {}),
    429: errorAnswer('RATE_LIMITED: too many attempts from this address or for this account (`Retry-After`)'),
    '4XX': errorAnswer('Any other refusal'),
    '5XX': errorAnswer('INTERNAL_ERROR'),
  };
}

/** Names every `$ref` in `value` (to keep only the models the operations use). */
function refsIn(value: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const child of value) refsIn(child, found);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.add(child.replace('#/components/schemas/', ''));
      else refsIn(child, found);
    }
  }
  return found;
}

export interface AuthDocument {
  paths: Record<string, Record<string, JsonObject>>;
  schemas: Record<string, unknown>;
}

/**
 * better-auth's own endpoints as operations of our document, under `/api/auth`, from the schema its
 * OpenAPI plugin generates for this configuration (so a plugin added later is listed too): errors as
 * `AuthError` (plugins/auth.ts normalises every 4xx to a JSON `message`), `x-access` from its session
 * middlewares, and the body our own edge check (modules/auth/auth-input.ts) requires beside its own.
 */
export async function authDocument(auth: Auth, toSchema: (schema: z.ZodType) => JsonObject): Promise<AuthDocument> {
  const generated = await auth.api.generateOpenAPISchema();
  // (from the options: generic-oauth discovers Google's endpoints when it is first used)
  const options: BetterAuthOptions = auth.options;
  const social = Object.keys(options.socialProviders ?? {}).length > 0 || (options.plugins ?? []).some((plugin) => plugin.id === 'generic-oauth');
  const access = accessOf(auth);
  const paths: AuthDocument['paths'] = {};
  for (const [path, methods] of Object.entries(generated.paths)) {
    if (SOCIAL.has(path) && !social) continue;
    const pathAccess = access.get(path) ?? 'public';
    for (const [method, operation] of Object.entries(methods as Record<string, unknown>)) {
      if (NOT_ENABLED.has(`${method} ${path}`)) continue;
      const { tags: _tags, security: _security, responses = {}, requestBody, ...rest } = normalise(operation) as AuthOperation;
      const redirect = REDIRECTS[path];
      const successes = redirect?.only ? {} : fixedSuccesses(path, Object.fromEntries(Object.entries(responses).filter(([status]) => !/^[45]/.test(status))));
      const edge = method === 'post' ? authInputSchema(path) : undefined;
      const body = requestBody?.content['application/json']?.schema;
      const hasInput = Boolean(body) || Boolean(rest.parameters?.length);
      (paths[`${AUTH_BASE}${path}`] ??= {})[method] = {
        ...rest,
        tags: ['auth'],
        ...(requestBody && body
          ? { requestBody: { ...requestBody, content: { 'application/json': { schema: edge ? { allOf: [toSchema(edge), body] } : body } } } }
          : {}),
        responses: { ...errorAnswers(path, pathAccess, hasInput), ...successes, ...(redirect ? { 302: { description: redirect.description } } : {}) },
        'x-access': pathAccess,
        security: pathAccess === 'public' ? [] : SESSION,
      };
    }
  }
  const used = refsIn(paths, new Set());
  const schemas = Object.fromEntries(
    Object.entries(generated.components.schemas)
      .filter(([name]) => used.has(`Auth${name}`))
      .map(([name, model]) => [`Auth${name}`, modelSchema(model)]),
  );
  return { paths, schemas };
}
