/** `fn` run at most once: later calls get the first call's promise (a lazily read value several readers share). */
export function once<T>(fn: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => (result ??= fn());
}
