import type { ReactNode } from 'react';

/** The fixed-width card every sign-in screen sits in (narrower screens shrink it). */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <section className="flex justify-center px-4 py-10">
      <div className="card w-96 max-w-full bg-base-100 shadow-xl">
        <div className="card-body gap-4">
          <h1 className="card-title justify-center text-2xl">{title}</h1>
          {children}
          {footer && <div className="space-y-1 text-center text-sm">{footer}</div>}
        </div>
      </div>
    </section>
  );
}
