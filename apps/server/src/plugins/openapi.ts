import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { apiErrorSchema } from '@bulkparts/shared';
import type { TextAnswers } from '../lib/text-answers.js';
import { responseSchema, zodSourceOf } from '../lib/zod-json-schema.js';
import { AUTH_BASE, authDocument, type AuthDocument } from './openapi-auth.js';

/** The OpenAPI 3.1 document and the interactive reference (ADR 0019). */
export const OPENAPI_URL = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

declare module 'fastify' {
  interface FastifyInstance {
    /** The OpenAPI document (`GET /api/openapi.json`'s answer), better-auth's endpoints included. */
    openapiDocument(): Promise<ReturnType<FastifyInstance['swagger']>>;
  }
}

/** Who may call a route, as the document says it (`x-access`): read from the route's `preValidation` guard. */
export type RouteAccess = 'public' | 'user' | 'verified-user' | 'admin';

type JsonObject = Record<string, unknown>;

const ERROR_REF = { $ref: '#/components/schemas/ApiError' };
/** better-auth's own routes keep its error body: a JSON `message` always (modules/auth/auth-error-body.ts), `code` or `error` beside it. */
const AUTH_ERROR_REF = { $ref: '#/components/schemas/AuthError' };
const authErrorSchema = z.object({
  code: z.string().optional(),
  error: z.string().optional(),
  message: z.string(),
  // Our own check of its input (modules/auth/auth-input.ts) names the bad fields, as ApiError does.
  fields: apiErrorSchema.shape.fields,
});
const AUTH_PREFIX = `${AUTH_BASE}/`;
/** The one Fastify route better-auth's router answers behind; the document lists its endpoints instead (openapi-auth.ts). */
const AUTH_WILDCARD = `${AUTH_BASE}/{*}`;
const SESSION = [{ session: [] }];
/** `GET /api/openapi.json`'s own answer, in outline (the OpenAPI 3.1 schema itself is not repeated here). */
const documentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect) from a route's zod schema; `$defs` (recursive schemas) hoisted into the components. */
function toOpenApiSchema(schema: z.ZodType, io: 'input' | 'output', defs: Map<string, unknown>): JsonObject {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any', io }) as JsonObject;
  delete json.$schema;
  const local = json.$defs as JsonObject | undefined;
  if (!local) return json;
  delete json.$defs;
  // Each schema's `$defs` are named per schema (`__schema0`…): give them document-wide names.
  const names = new Map<string, string>();
  for (const name of Object.keys(local)) names.set(name, `Def${defs.size + names.size}`);
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (typeof value !== 'object' || value === null) return value;
    const out: JsonObject = {};
    for (const [key, child] of Object.entries(value)) {
      const target = key === '$ref' && typeof child === 'string' ? names.get(child.replace('#/$defs/', '')) : undefined;
      out[key] = target ? `#/components/schemas/${target}` : rewrite(child);
    }
    return out;
  };
  for (const [name, def] of Object.entries(local)) defs.set(names.get(name)!, rewrite(def));
  return rewrite(json) as JsonObject;
}

const isUnconstrained = (json: JsonObject) => Object.keys(json).every((key) => key === '$schema');

/**
 * The schema a caller's input must meet. A query schema that first reshapes raw input
 * (`z.unknown().transform(…).pipe(object)`, e.g. gathering `attr.<Name>` filters) takes anything on
 * its input side, so the object it pipes into describes it.
 */
function describedInput(schema: z.ZodType): z.ZodType {
  let current = schema;
  while (current instanceof z.ZodPipe && isUnconstrained(z.toJSONSchema(current.in, { unrepresentable: 'any', io: 'input' }) as JsonObject)) {
    current = current.out as z.ZodType;
  }
  return current;
}

/** A route's input schema: a shared zod schema (lib/validate.ts) or, from a third-party plugin, JSON Schema. */
function inputSchema(schema: unknown, defs: Map<string, unknown>): unknown {
  return schema instanceof z.ZodType ? toOpenApiSchema(describedInput(schema), 'input', defs) : schema;
}

/** A route's answer: regenerated for 2020-12 from the zod schema `responseSchema` built it from. */
function answerSchema(schema: unknown, defs: Map<string, unknown>): unknown {
  const source = schema instanceof z.ZodType ? schema : zodSourceOf(schema);
  // An error answer a route declares itself (for its serializer) is the one error shape too.
  if (source === apiErrorSchema) return { description: 'An error (`ApiError`)', ...ERROR_REF };
  return source ? toOpenApiSchema(source, 'output', defs) : schema;
}

/** The error answers a route can give, all in the one shape `apiErrorSchema` (lib/errors.ts, plugins/error-handler.ts). */
function errorAnswers(schema: JsonObject, access: RouteAccess, url: string): JsonObject {
  const shape = url.startsWith(AUTH_PREFIX) ? AUTH_ERROR_REF : ERROR_REF;
  const errorAnswer = (description: string) => ({ description, ...shape });
  const answers: JsonObject = {};
  const hasInput = Boolean(schema.body || schema.querystring || schema.params);
  if (hasInput) answers[400] = errorAnswer('VALIDATION_FAILED: `fields` (or `lines`) names each bad input');
  if (access !== 'public') answers[401] = errorAnswer('UNAUTHORIZED: no valid session');
  if (access === 'admin') answers[403] = errorAnswer('FORBIDDEN: only shop admins');
  else if (access === 'verified-user') answers[403] = errorAnswer('FORBIDDEN: the email address is not confirmed yet');
  if (/[:*]/.test(url)) answers[404] = errorAnswer('NOT_FOUND: no such resource, or not one the caller may see');
  answers['4XX'] = errorAnswer('Any other refusal (conflict, rate limit, too large…)');
  answers['5XX'] = errorAnswer('INTERNAL_ERROR');
  return answers;
}

/**
 * The success of a route with no answer schema: the files it sends when its schema names their
 * media types (`produces`: a PDF, a CSV…), else no body (204, a redirect). `type: 'null'` is how
 * `@fastify/swagger` leaves the content out. `produces` itself is not passed on: `@fastify/swagger`
 * would list every answer, errors too, under those types.
 */
function fileAnswer(produces: unknown): JsonObject {
  if (!Array.isArray(produces) || !produces.length) return { description: 'Success (no body)', type: 'null' };
  const content = Object.fromEntries(produces.map((type: string) => [type, { schema: { type: 'string', format: 'binary' } }]));
  return { description: 'Success: the file', content };
}

/** Issue 32: the answers a document route lists itself (lib/text-answers.ts). */
function textAnswersOf(answers: TextAnswers): JsonObject {
  return Object.fromEntries(
    Object.entries(answers).map(([status, { description, media }]) => [
      status,
      media.length
        ? { description, content: Object.fromEntries(media.map((m) => [m, { schema: m === 'application/json' ? ERROR_REF : { type: 'string' } }])) }
        : { description, type: 'null' },
    ]),
  );
}

/** A few routes guard themselves rather than through `preValidation` (their own plugins say how). */
const ROUTE_NOTES: Record<string, string> = {
  '/metrics': 'Loopback callers, or an `Authorization: Bearer <METRICS_TOKEN>` (plugins/metrics.ts).',
  '/api/payments/webhook': "The payment provider's signature, not a session.",
  '/punchout/cxml/setup': "The cXML document's Sender credential and SharedSecret (the company's punchout setup), not a session.",
  '/punchout/cxml/order': "The cXML document's Sender credential and SharedSecret (the company's punchout setup), not a session.",
  '/punchout/oci': "OCI `USERNAME` and `PASSWORD` (the company's punchout setup), not a session.",
  '/punchout/start/:token': 'The one-time start link (15 minutes) a cXML setup answered.',
};

function tagOf(url: string): string {
  const [, first, second] = url.split('/');
  if (first !== 'api') return first ?? 'operations';
  return (second ?? 'api').replace(/[.:*].*$/, '') || 'api';
}

/**
 * The OpenAPI 3.1 document at `GET /api/openapi.json`, generated by `@fastify/swagger` from every
 * route's own schemas (the shared zod schemas they validate with, lib/validate.ts; answers from the
 * zod schemas `responseSchema` converted), and Swagger UI at `/api/docs`, served from the package
 * (no CDN) under the shop's CSP. `@fastify/swagger` collects routes with an onRoute hook, so this
 * plugin is registered before any route; the document is built on first request, after ready.
 */
export default fp<{ version?: string }>(
  async function openapi(app: FastifyInstance, opts) {
    /** Guards are read when the document is built: the auth plugin decorates the app after this one. */
    const accessOf = (route: RouteOptions): RouteAccess => {
      const hooks = [route.preValidation ?? []].flat();
      if (hooks.includes(app.requireAdmin)) return 'admin';
      if (hooks.includes(app.requireVerifiedUser)) return 'verified-user';
      if (hooks.includes(app.requireUser)) return 'user';
      return 'public';
    };
    const defs = new Map<string, unknown>();
    // better-auth describes its endpoints asynchronously; @fastify/swagger builds (and keeps) the
    // document synchronously. So they are described first, once, when the document is first asked
    // for (~20 ms): never at start-up.
    let auth: AuthDocument | undefined;
    let described: Promise<void> | undefined;
    const describeAuth = () =>
      (described ??= (async () => {
        if (app.hasDecorator('auth')) auth = await authDocument(app.auth, (schema) => toOpenApiSchema(describedInput(schema), 'input', defs));
      })());
    app.decorate('openapiDocument', async () => {
      await describeAuth();
      return app.swagger();
    });

    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'BulkParts API',
          version: opts.version ?? '1.0.0',
          description:
            'Every route of the shop, generated from the zod schemas the routes validate with. Every 4xx/5xx answer is `ApiError`, ' +
            "except under /api/auth (better-auth's own endpoints, described by its OpenAPI plugin), where it is `AuthError`. " +
            '`x-access` says who may call a route: `public`, `user` (signed in), `verified-user` (signed in, email confirmed) or `admin`; ' +
            'routes of a company or an order also check membership or ownership and answer 404 to outsiders.',
        },
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: 'bulkparts.session_token', description: 'The session cookie set by /api/auth sign-in.' },
            // Issue 19 (ADR 0020): an operation's `x-api-key-scope` names the scope a key needs; without one, no key may call it.
            apiKey: { type: 'http', scheme: 'bearer', description: 'An API key (`bp_…`) made by a shop admin at /dashboard/api-keys.' },
          },
          schemas: { ApiError: toOpenApiSchema(apiErrorSchema, 'output', defs), AuthError: toOpenApiSchema(authErrorSchema, 'output', defs) },
        },
      },
      transform: ({ schema, url, route }) => {
        const own = (schema ?? {}) as JsonObject;
        if (own.hide) return { schema: own as never, url };
        const access = accessOf(route);
        const { produces, textAnswers, ...rest } = own;
        const answers: JsonObject = {};
        for (const [status, answer] of Object.entries((own.response ?? {}) as JsonObject)) answers[status] = answerSchema(answer, defs);
        if (!Object.keys(answers).some((status) => status.startsWith('2'))) answers['2XX'] = fileAnswer(produces);
        const note = ROUTE_NOTES[url];
        const transformed: JsonObject = {
          ...rest,
          tags: own.tags ?? [tagOf(url)],
          response: textAnswers ? textAnswersOf(textAnswers as TextAnswers) : { ...errorAnswers(own, access, url), ...answers },
          'x-access': access,
          ...(route.config?.scope ? { 'x-api-key-scope': route.config.scope } : {}),
          ...(access === 'public' ? { security: [] } : { security: SESSION }),
          ...(note ? { description: [own.description, note].filter(Boolean).join('\n\n') } : {}),
        };
        for (const part of ['body', 'querystring', 'params', 'headers'] as const) if (own[part]) transformed[part] = inputSchema(own[part], defs);
        return { schema: transformed as never, url };
      },
      transformObject: (document) => {
        if (!('openapiObject' in document)) throw new Error('openapi: expected an OpenAPI document');
        const { openapiObject } = document;
        const schemas = { ...openapiObject.components?.schemas, ...Object.fromEntries(defs), ...auth?.schemas };
        const paths: Record<string, unknown> = { ...openapiObject.paths };
        if (auth) {
          delete paths[AUTH_WILDCARD];
          Object.assign(paths, auth.paths);
        }
        return { ...openapiObject, paths, components: { ...openapiObject.components, schemas } } as typeof openapiObject;
      },
    });

    await app.register(fastifySwaggerUi, {
      routePrefix: DOCS_PREFIX,
      // Nothing leaves the machine: no validator badge (it calls validator.swagger.io).
      validatorUrl: false,
      // Tags start collapsed: with every tag open, Swagger UI (6.1) stopped drawing after the fourth
      // tag once the document passed 100 paths (issue 32 took it to 101); a tag opens on a click.
      uiConfig: { deepLinking: true, tryItOutEnabled: false, docExpansion: 'none' },
      // (its `/api/docs/json` reads the document too)
      uiHooks: { onRequest: async () => describeAuth() },
    });

    app.get(
      OPENAPI_URL,
      { schema: { summary: 'This OpenAPI 3.1 document', tags: ['operations'], response: { 200: responseSchema(documentSchema) } } },
      async () => app.openapiDocument(),
    );
  },
  { name: 'openapi', dependencies: ['error-handler'] },
);
