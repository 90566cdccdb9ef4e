import { lazy, Suspense, useState } from 'react';
import type { SaveAsListProps } from './save-as-list-dialog';

const SaveAsListDialog = lazy(() => import('./save-as-list-dialog'));

/**
 * 'Save as list' (issue 33) for a cart or an order: the button, and on first use its dialog
 * (loaded then, so the cart's page does not download the list's rules and zod with it).
 */
export function SaveAsList({ label = 'Save as list', ...props }: SaveAsListProps & { label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-outline" disabled={props.lines.length === 0} onClick={() => setOpen(true)}>
        {label}
      </button>
      {open && (
        <Suspense fallback={null}>
          <SaveAsListDialog {...props} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
