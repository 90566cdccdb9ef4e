import type { z, ZodError } from 'zod';
import { validationFailed } from './errors.js';

/** `{ field.path: first message }` for a zod error. */
export function zodFields(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * Validates input at the edge with a shared schema. Routes call it on body, query and params;
 * a failure is a 400 naming every bad field.
 */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const nulField = findNulCharacter(data, []);
  if (nulField !== null) throw validationFailed({ [nulField]: 'Contains a character that is not allowed (NUL)' });
  const result = schema.safeParse(data ?? {});
  if (!result.success) throw validationFailed(zodFields(result.error));
  return result.data;
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
