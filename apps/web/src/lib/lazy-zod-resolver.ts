import type { FieldValues, Resolver } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';

export interface LazyResolver<T extends FieldValues> extends Resolver<T> {
  /** Starts the download early (forms call it on first focus), so submitting does not wait. */
  preload: () => void;
}

/**
 * `zodResolver(schema)`, with zod, the shared schema and the resolver downloaded only when the
 * form is first used. Zod and the shared schemas are ~38 kB gzip: on the sign-in page they were
 * most of what had to arrive before the first paint, and nothing needs them to draw the form.
 */
export function lazyZodResolver<T extends FieldValues>(load: () => Promise<$ZodType<T, T>>): LazyResolver<T> {
  let ready: Promise<Resolver<T>> | undefined;
  const get = () =>
    (ready ??= Promise.all([import('@hookform/resolvers/zod'), load()]).then(([{ zodResolver }, schema]) => zodResolver(schema) as Resolver<T>));
  const resolver = (async (values, context, options) => (await get())(values, context, options)) as LazyResolver<T>;
  resolver.preload = () => void get().catch(() => (ready = undefined));
  return resolver;
}
