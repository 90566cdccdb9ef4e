/** Full-screen loading indicator of three pulsing dots (shown while sign-in runs). */
export function LoadingDots({ label = 'Signing in' }: { label?: string }) {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-base-100/90" role="status" aria-live="polite" data-testid="loading-dots">
      <div className="flex gap-3" aria-hidden="true">
        {[0, 150, 300].map((delay) => (
          <span key={delay} className="h-4 w-4 animate-pulse rounded-full bg-primary" style={{ animationDelay: `${delay}ms` }} />
        ))}
      </div>
      <span className="sr-only">{label}…</span>
    </div>
  );
}
