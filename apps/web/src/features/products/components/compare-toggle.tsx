import { COMPARE_MAX, compared, useCompared } from '../compare-store';

/** 'Compare' for one product (issue 33): a checkbox, off-limits once four others are chosen. */
export function CompareToggle({ id, name }: { id: string; name: string }) {
  const ids = useCompared();
  const on = ids.includes(id);
  const full = !on && ids.length >= COMPARE_MAX;
  return (
    <label
      className={`flex items-center gap-1 text-sm ${full ? 'opacity-70' : 'cursor-pointer'}`}
      title={full ? `Compare at most ${COMPARE_MAX} products` : undefined}
    >
      <input type="checkbox" className="checkbox checkbox-xs" checked={on} disabled={full} onChange={() => compared.toggle(id)} />
      Compare<span className="sr-only"> {name}</span>
    </label>
  );
}
