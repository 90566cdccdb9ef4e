import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiClientError } from '@/lib/api-client';

/**
 * Puts the API's per-field messages (`ApiClientError.fields`, e.g. a 400 from the shared schema)
 * under the form's fields. `only` limits it to the fields the form shows (a message for a field
 * the user cannot see is not a help); `shouldFocus` moves the focus to the first one.
 * Returns whether any field got a message, so the caller can fall back to a form error or toast.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  { only, shouldFocus = false }: { only?: readonly FieldPath<T>[]; shouldFocus?: boolean } = {},
): boolean {
  if (!(error instanceof ApiClientError)) return false;
  let applied = 0;
  for (const [name, message] of Object.entries(error.fields)) {
    if (!message || (only && !(only as readonly string[]).includes(name))) continue;
    setError(name as FieldPath<T>, { type: 'server', message }, { shouldFocus: shouldFocus && applied === 0 });
    applied++;
  }
  return applied > 0;
}
