import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchemaCompiler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z, type ZodError } from 'zod';
import { type AppError, validationFailed } from './errors.js';

/**
 * What route plugins receive: `schema: { body, querystring, params }` take the shared zod schemas,
 * and handlers see `request.body`/`query`/`params` as the schemas' output types.
 */
export type ApiInstance = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** `{ field.path: first message }` for a zod error. */
function zodFields(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * Checks input at the edge with a shared schema: the parsed value (unknown keys stripped, query
 * numbers coerced), or the 400 naming every bad field. A missing body or query is `{}`, so each
 * required field is named rather than the whole input.
 */
export function checkInput<S extends z.ZodType>(schema: S, data: unknown): { value: z.output<S> } | { error: AppError } {
  const nul = nulCharacterError(data);
  if (nul) return { error: nul };
  const result = schema.safeParse(data ?? {});
  return result.success ? { value: result.data } : { error: validationFailed(zodFields(result.error)) };
}

/** `checkInput` for input that is not a route's body, query or params (better-auth's bodies, card fields). */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const checked = checkInput(schema, data);
  if ('error' in checked) throw checked.error;
  return checked.value;
}

/**
 * The validator compiler for every route schema (set once in app.ts). Fastify hands a returned
 * error to the one error handler as it is, so a bad body, query or params answers exactly what a
 * `parseInput` call in the handler did (ADR 0011). Routes' guards run in `preValidation`, before
 * this, so an anonymous caller still gets 401, not 400.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, method, url, httpPart }) => {
  if (!(schema instanceof z.ZodType)) throw new Error(`${method} ${url}: the ${httpPart ?? 'input'} schema must be a shared zod schema`);
  return (data) => checkInput(schema, data);
};

/**
 * The 400 for input holding a NUL anywhere, or null. Also for bodies no schema of ours reads
 * (better-auth endpoints such as `/revoke-session` put `token` straight into a query).
 */
export function nulCharacterError(data: unknown): AppError | null {
  const field = findNulCharacter(data, []);
  return field === null ? null : validationFailed({ [field]: 'Contains a character that is not allowed (NUL)' });
}

/**
 * PostgreSQL refuses U+0000 in text (SQLite keeps it), so a NUL anywhere in the input is refused
 * here, by field, before it can become a 500 on one engine only.
 */
function findNulCharacter(value: unknown, path: string[], depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || '_' : null;
  if (depth > 8 || value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key].join('.');
    const found = findNulCharacter(child, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}
