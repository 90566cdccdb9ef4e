import { useId, useState } from 'react';

interface PriceFilterProps {
  min: number | null;
  max: number | null;
  /** The filtered list's price range (dollars), shown as placeholders. */
  range: { min: number | null; max: number | null } | null;
  onApply: (min: number | null, max: number | null) => void;
}

const parse = (text: string): number | null => {
  const n = Number(text.trim());
  return text.trim() === '' || !Number.isFinite(n) || n < 0 ? null : n;
};

/**
 * Price bounds in dollars, applied when a box is left or the form is sent (Enter), not on every
 * keystroke: each application is a new URL and a new read. Bounds given the wrong way round are
 * swapped rather than refused. Mount it with a key of the URL's bounds so Back resets the boxes.
 */
export function PriceFilter({ min, max, range, onApply }: PriceFilterProps) {
  const [minText, setMinText] = useState(min === null ? '' : String(min));
  const [maxText, setMaxText] = useState(max === null ? '' : String(max));
  const id = useId();

  const apply = () => {
    let lo = parse(minText);
    let hi = parse(maxText);
    if (lo !== null && hi !== null && lo > hi) [lo, hi] = [hi, lo];
    if (lo !== min || hi !== max) onApply(lo, hi);
  };

  const box = (label: string, value: string, set: (v: string) => void, placeholder: number | null | undefined) => (
    <label className="input input-sm input-bordered flex items-center gap-1" htmlFor={`${id}-${label}`}>
      <span className="text-base-content/70">{label}</span>
      <span aria-hidden="true">$</span>
      <input
        id={`${id}-${label}`}
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        className="w-full"
        value={value}
        placeholder={placeholder == null ? '' : String(placeholder)}
        onChange={(e) => set(e.target.value)}
        onBlur={apply}
      />
    </label>
  );

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      <fieldset className="min-w-0">
        <legend className="mb-1 font-semibold">Price per piece (dollars)</legend>
        <div className="grid grid-cols-2 gap-2">
          {box('Min', minText, setMinText, range?.min)}
          {box('Max', maxText, setMaxText, range?.max)}
        </div>
        {/* Enter in a box sends the form; the button is for pointer users. */}
        <button type="submit" className="btn btn-sm btn-outline mt-2 w-full">
          Apply price
        </button>
      </fieldset>
    </form>
  );
}
