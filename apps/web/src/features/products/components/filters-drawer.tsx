import { useEffect, useId, useRef, useSyncExternalStore, type KeyboardEvent, type ReactNode, type Ref } from 'react';

const WIDE = '(min-width: 1024px)';
const subscribe = (onChange: () => void) => {
  const mq = window.matchMedia(WIDE);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
};
const useWide = () => useSyncExternalStore(subscribe, () => window.matchMedia(WIDE).matches);

interface FiltersDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The filter panel. */
  panel: ReactNode;
  /** A line under the panel on a phone ('Show 12 products'). */
  footer?: ReactNode;
  /** The page beside the panel; receives the props of the button that opens the drawer on a phone. */
  children: (openButton: { 'aria-expanded': boolean; 'aria-controls': string; onClick: () => void; ref: Ref<HTMLButtonElement> }) => ReactNode;
}

/**
 * A sidebar on wide screens; on a phone (< 1024px) a DaisyUI drawer opened by a 'Filters' button:
 * a labelled modal dialog that takes the focus, keeps Tab inside, closes on Escape, the overlay or
 * its close button, and gives the focus back to the button.
 */
export function FiltersDrawer({ open, onOpenChange, panel, footer, children }: FiltersDrawerProps) {
  const wide = useWide();
  const id = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const modal = open && !wide;
  const wasModal = useRef(false);

  useEffect(() => {
    const closed = wasModal.current && !modal;
    wasModal.current = modal;
    // However it closed (Escape, overlay, close button, 'Show … products'), the focus goes back.
    if (closed && !wide) buttonRef.current?.focus();
    if (!modal) return;
    // DaisyUI fades the drawer in with a delayed `visibility` transition, and a hidden element
    // refuses focus: try each frame until it takes it (about half a second at most).
    let frame = 0;
    let tries = 0;
    const focusIn = () => {
      const target = panelRef.current?.querySelector<HTMLElement>('[data-autofocus]');
      target?.focus();
      if (target && document.activeElement !== target && ++tries < 40) frame = requestAnimationFrame(focusIn);
    };
    focusIn();
    return () => cancelAnimationFrame(frame);
  }, [modal, wide]);

  const close = () => onOpenChange(false);

  const onKeyDown = (e: KeyboardEvent) => {
    if (!modal) return;
    if (e.key === 'Escape') {
      e.stopPropagation();
      close();
    } else if (e.key === 'Tab') {
      const focusable = panelRef.current?.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]), select, [tabindex="0"]');
      const list = [...(focusable ?? [])].filter((el) => el.offsetParent !== null);
      const first = list[0];
      const last = list[list.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last?.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first?.focus();
      }
    }
  };

  return (
    <div className="drawer lg:drawer-open lg:gap-8">
      {/* DaisyUI's state; the page's own button and the close controls drive it. */}
      <input
        id={`${id}-toggle`}
        type="checkbox"
        className="drawer-toggle"
        checked={open}
        onChange={(e) => onOpenChange(e.target.checked)}
        tabIndex={-1}
        aria-hidden="true"
      />
      <div className="drawer-content">
        {children({ 'aria-expanded': modal, 'aria-controls': `${id}-panel`, onClick: () => onOpenChange(true), ref: buttonRef })}
      </div>
      <div className="drawer-side z-40 lg:top-20 lg:z-auto lg:h-[calc(100dvh-6rem)]">
        <button type="button" className="drawer-overlay" tabIndex={-1} aria-hidden="true" onClick={close} />
        <div
          id={`${id}-panel`}
          ref={panelRef}
          role={modal ? 'dialog' : 'region'}
          aria-modal={modal || undefined}
          aria-labelledby={`${id}-title`}
          onKeyDown={onKeyDown}
          className="flex min-h-full w-80 max-w-[85vw] flex-col bg-base-100 p-4 lg:min-h-0 lg:w-64 lg:max-w-none lg:p-0"
        >
          <div className="mb-4 flex items-center justify-between">
            <h2 id={`${id}-title`} className="text-lg font-bold">
              Filters
            </h2>
            <button type="button" className="btn btn-ghost btn-sm btn-square lg:hidden" aria-label="Close filters" data-autofocus onClick={close}>
              <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </div>
          {panel}
          {footer && <div className="sticky bottom-0 mt-6 bg-base-100 pt-2 pb-1 lg:hidden">{footer}</div>}
        </div>
      </div>
    </div>
  );
}
