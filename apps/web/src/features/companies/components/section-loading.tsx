/** A section's read in flight (a page's other sections stay on screen, so no full-page spinner). */
export function SectionLoading({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-2 py-4">
      <span className="loading loading-spinner loading-sm" aria-hidden="true" />
      {label}…
    </p>
  );
}
