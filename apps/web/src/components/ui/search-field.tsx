/**
 * A labelled search box with a magnifier: the label is for screen readers, the placeholder shows
 * the hint. Controlled; the page decides when to search (at once, or after a pause).
 */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  className = '',
  maxLength = 100,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** Width limits; the box is full width below them. */
  className?: string;
  maxLength?: number;
}) {
  return (
    <label className={`input input-bordered flex w-full items-center gap-2 ${className}`}>
      <span className="sr-only">{label}</span>
      <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <circle cx="11" cy="11" r="7" />
        <path d="M21 21l-4.3-4.3" />
      </svg>
      <input type="search" className="grow" placeholder={placeholder} value={value} maxLength={maxLength} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}
