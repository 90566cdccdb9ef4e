/** Placeholder: replaced by the feature that owns this page. */
export function Component() {
  return (
    <section className="mx-auto max-w-3xl p-10">
      <h1 className="text-2xl font-bold">Make Admin</h1>
    </section>
  );
}
