import { useId, useState } from 'react';

export interface FacetOption {
  value: string;
  count: number;
}

interface FacetCheckboxesProps {
  legend: string;
  options: readonly FacetOption[];
  selected: readonly string[];
  onToggle: (value: string) => void;
  /** A specification group folds away behind its legend; brands stay open. */
  collapsible?: boolean;
  defaultOpen?: boolean;
}

/**
 * One facet as a fieldset of checkboxes, each labelled with its value and count ('Steel (12)').
 * A chosen value the current filters no longer count is still listed (with 0), so it can be
 * unchecked where it was checked.
 */
export function FacetCheckboxes({ legend, options, selected, onToggle, collapsible = false, defaultOpen = true }: FacetCheckboxesProps) {
  const [open, setOpen] = useState(defaultOpen || selected.length > 0);
  const bodyId = useId();
  const listed = new Set(options.map((o) => o.value));
  const all = [...options, ...selected.filter((v) => !listed.has(v)).map((value) => ({ value, count: 0 }))];
  if (all.length === 0) return null;
  const shown = !collapsible || open;
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 w-full font-semibold">
        {collapsible ? (
          <button
            type="button"
            className="flex w-full items-center justify-between gap-2 py-1 text-left"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => setOpen(!open)}
          >
            <span>{legend}</span>
            <svg
              width="12"
              height="12"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="3"
              aria-hidden="true"
              className={open ? 'rotate-180' : ''}
            >
              <path d="M6 9l6 6 6-6" />
            </svg>
          </button>
        ) : (
          legend
        )}
      </legend>
      <ul id={bodyId} hidden={!shown} className="max-h-64 space-y-1 overflow-y-auto pr-1">
        {all.map((o) => (
          <li key={o.value}>
            <label className="flex cursor-pointer items-center gap-2 text-sm">
              <input type="checkbox" className="checkbox checkbox-sm" checked={selected.includes(o.value)} onChange={() => onToggle(o.value)} />
              <span className="min-w-0 grow break-words">{o.value}</span>
              <span className="text-base-content/70 tabular-nums">({o.count})</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
