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
  const result = schema.safeParse(data ?? {});
  if (!result.success) throw validationFailed(zodFields(result.error));
  return result.data;
}
