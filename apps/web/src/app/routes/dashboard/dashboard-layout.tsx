import { Outlet } from 'react-router';

/** Placeholder: the dashboard shell (side menu, drawer on phones) is built by the admin feature. */
export function Component() {
  return (
    <div className="mx-auto max-w-7xl p-4">
      <Outlet />
    </div>
  );
}
