import { performance } from 'node:perf_hooks';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { inject } from 'vitest';
import { appendLog, writeStats } from './response-log.js';

interface Answer {
  content?: Record<string, { schema?: unknown }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, Answer> }>>;
}

/** What the document says of one operation's answers with one status. */
interface Expected {
  /** The documented answer (`200`, `4XX`…), or none: the status is not documented. */
  code?: string;
  media: string[];
  /** Checks a JSON body (absent when the document gives no JSON schema). */
  validate?: ValidateFunction;
}

/** A document compiled into the worker's Ajv: apps with the same route table share one. */
interface KnownDocument {
  id: string;
  doc: OpenApiDocument;
  /** better-auth's endpoints, all answered behind one Fastify route: its documented paths as patterns. */
  authPaths: Array<{ path: string; pattern: RegExp }>;
  expected: Map<string, Expected | undefined>;
}

const AUTH_ROUTE = '/api/auth/*';

// Per worker process (vitest runs the server files with `isolate: false`): each document is built
// (~100 ms) and each distinct answer schema compiled (most error answers share one) once, not per
// test app. Unoptimised code compiles about twice as fast and validates these small bodies as fast.
const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, logger: false, code: { optimize: false } });
addFormats(ajv);
const documents = new Map<string, KnownDocument>();
const validators = new Map<string, ValidateFunction>();
const loggedHere = new Set<string>();
const stats = { answers: 0, milliseconds: 0, documents: 0 };

const paths = new Map<string, string>();
/** A Fastify route pattern as an OpenAPI path: `:id` → `{id}`, a trailing `*` → `{*}`. */
function openApiPath(url: string): string {
  let path = paths.get(url);
  if (path === undefined) paths.set(url, (path = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}')));
  return path;
}

const pointer = (...parts: string[]) => `#/${parts.map((part) => encodeURIComponent(part.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/')}`;

/** One validator per distinct schema of a document, compiled from where the document has it. */
function validatorFor(known: KnownDocument, schema: unknown, ref: string): ValidateFunction {
  const key = `${known.id}\n${JSON.stringify(schema)}`;
  let validate = validators.get(key);
  if (!validate) validators.set(key, (validate = ajv.compile({ $ref: `${known.id}${ref}` })));
  return validate;
}

/** The answer an operation documents for a status: the status itself, then `4XX`-style ranges, then `default`. */
function expectedOf(known: KnownDocument, method: string, path: string, status: number): Expected | undefined {
  const key = `${method} ${path} ${status}`;
  if (known.expected.has(key)) return known.expected.get(key);
  const responses = known.doc.paths[path]?.[method]?.responses;
  let expected: Expected | undefined;
  if (responses) {
    const code = [String(status), `${String(status)[0]}XX`, 'default'].find((c) => responses[c]);
    const content = code ? (responses[code]!.content ?? {}) : {};
    const schema = content['application/json']?.schema;
    const ref = code && schema ? pointer('paths', path, method, 'responses', code, 'content', 'application/json', 'schema') : undefined;
    expected = { code, media: Object.keys(content), validate: ref ? validatorFor(known, schema, ref) : undefined };
  }
  known.expected.set(key, expected);
  return expected;
}

/** The answer's text; undefined for a stream (a file sent as it is read): only its media type is checked. */
function bodyText(payload: unknown): string | undefined {
  if (payload === null || payload === undefined) return '';
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return undefined;
}

/** A media type the document lists, or a range of it (`image/*`, `*\/*`). */
const listed = (media: string[], type: string) => media.includes(type) || media.includes(`${type.split('/')[0]}/*`) || media.includes('*/*');

function logNew(kind: 'validated' | 'mismatches', line: string): void {
  const dir = inject('responseLog');
  if (!dir || loggedHere.has(`${kind} ${line}`)) return;
  loggedHere.add(`${kind} ${line}`);
  appendLog(dir, kind, [line]);
}

export interface ResponseCheck {
  /** For buildApp's `onRoute`: adds the check to every route as its last onSend hook. */
  onRoute(route: RouteOptions): void;
  /** After ready: the app whose document the answers are checked against (its routes seen through `onRoute`). */
  attach(app: FastifyInstance, variant: string): Promise<void>;
  /** Throws the mismatches seen, if any: called when the test app closes, it fails the file. */
  finish(): void;
}

/**
 * Issue 19: every answer a test app gives is checked against what its own OpenAPI document says
 * of that operation and status: a JSON body against the schema (errors against `ApiError` or
 * `AuthError`), any other body against the media types listed, an empty one against "no body".
 * A mismatch never changes the answer: it is collected, thrown when the app closes and logged
 * for the run's teardown, which also reports the operations no test got a checked success answer
 * from (response-check.global-setup.ts).
 */
export function createResponseCheck(): ResponseCheck {
  const routeKeys: string[] = [];
  const failures = new Set<string>();
  let fingerprint = '';
  let known: KnownDocument | undefined;

  async function learnDocument(target: FastifyInstance): Promise<void> {
    if (documents.has(fingerprint)) return;
    const doc = (await target.openapiDocument()) as unknown as OpenApiDocument;
    const id = `https://bulkparts.test/openapi/${documents.size}.json`;
    ajv.addSchema(doc, id);
    const authPaths = Object.keys(doc.paths)
      .filter((path) => path.startsWith('/api/auth/'))
      .map((path) => ({ path, pattern: new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`) }));
    documents.set(fingerprint, { id, doc, authPaths, expected: new Map() });
    stats.documents += 1;
    const dir = inject('responseLog');
    if (dir) {
      const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
      appendLog(dir, 'operations', operations);
    }
  }

  function fail(message: string): void {
    failures.add(message);
    logNew('mismatches', JSON.stringify(message));
  }

  function validJson(validate: ValidateFunction, body: string, where: string): boolean {
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      fail(`${where}: says JSON but is not: ${body.slice(0, 200)}`);
      return false;
    }
    if (validate(value)) return true;
    const errors = (validate.errors ?? []).slice(0, 8).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
    fail(`${where}: does not match the document: ${errors.join('; ')}; body: ${body.slice(0, 300)}`);
    return false;
  }

  function check(known: KnownDocument, request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    const url = request.routeOptions.url;
    const body = bodyText(payload);
    if (request.method === 'HEAD' || !url) return;
    const status = reply.statusCode;
    const type = String(reply.getHeader('content-type') ?? '')
      .split(';')[0]!
      .trim();
    const pathname = request.url.split('?')[0]!;
    const path = url === AUTH_ROUTE ? known.authPaths.find((p) => p.pattern.test(pathname))?.path : openApiPath(url);
    const where = `${request.method} ${path ?? pathname} → ${status}`;
    stats.answers += 1;
    if (!path) {
      // better-auth's router, on a path the document does not list: only a refusal is right (or
      // its redirect to /login with `?error=`, as an unconfigured OAuth callback answers).
      if (status < 300) fail(`${where}: a success on an endpoint the document does not list`);
      else if (status >= 400 && type !== 'application/json') fail(`${where}: answered ${type || 'no body'}, not AuthError`);
      else if (status >= 400 && body !== undefined) validJson(validatorFor(known, 'AuthError', pointer('components', 'schemas', 'AuthError')), body, where);
      return;
    }
    const method = request.method.toLowerCase();
    // Not in the document: the reference UI's own routes (hidden); openapi.test.ts checks every other route is there.
    if (!known.doc.paths[path]?.[method]) return;
    const expected = expectedOf(known, method, path, status)!;
    if (!expected.code) return fail(`${where}: the document lists no answer with this status`);
    const { media, validate } = expected;
    if (body === '') {
      if (media.length && status !== 304) return fail(`${where}: an empty answer, the document says ${media.join(', ')}`);
    } else if (!media.length) {
      return fail(`${where}: answered ${type || 'a body'}, the document describes no body`);
    } else if (!listed(media, type)) {
      return fail(`${where}: answered ${type}, the document says ${media.join(', ')}`);
    } else if (type === 'application/json' && validate && body !== undefined && !validJson(validate, body, where)) {
      return;
    }
    if (status < 400) logNew('validated', `${request.method} ${path}`);
  }

  function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: Error | null, payload?: unknown) => void): void {
    const started = performance.now();
    try {
      if (known) check(known, request, reply, payload);
    } catch (error) {
      fail(`${request.method} ${request.url} → ${reply.statusCode}: the check itself failed: ${String(error)}`);
    }
    stats.milliseconds += performance.now() - started;
    done(null, payload);
  }

  return {
    onRoute(route) {
      for (const method of [route.method].flat()) routeKeys.push(`${method} ${route.url}`);
      route.onSend = [...[route.onSend ?? []].flat(), onSend as never];
    },
    async attach(target, variant) {
      // The document follows from the route table and, for better-auth's social sign-in, the variant.
      fingerprint = `${variant}\n${routeKeys.sort().join('\n')}`;
      const started = performance.now();
      await learnDocument(target);
      stats.milliseconds += performance.now() - started;
      known = documents.get(fingerprint);
    },
    finish() {
      const dir = inject('responseLog');
      if (dir) writeStats(dir, stats);
      if (failures.size) throw new Error(`Answers that do not match the OpenAPI document:\n- ${[...failures].join('\n- ')}`);
    },
  };
}
