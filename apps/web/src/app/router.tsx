import { createBrowserRouter } from 'react-router';
import { RequireAdmin, RequireAuth } from '@/features/auth/components/require-auth';
import { MainLayout } from './layout/main-layout';
import { RouteError } from './route-error';

/**
 * Every page is a lazily loaded route module (`export function Component`), so the home page only
 * downloads what it shows. Feature folders provide the pieces; routes compose them. The spec's
 * paths are kept as they were.
 */
const signedIn = (load: () => Promise<{ Component: React.ComponentType }>) => async () => {
  const { Component } = await load();
  return { Component: () => <RequireAuth><Component /></RequireAuth> };
};
const adminOnly = (load: () => Promise<{ Component: React.ComponentType }>) => async () => {
  const { Component } = await load();
  return { Component: () => <RequireAdmin><Component /></RequireAdmin> };
};

export const router = createBrowserRouter([
  {
    element: <MainLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: () => import('./routes/home') },
      { path: 'home', lazy: () => import('./routes/home') },
      { path: 'products', lazy: () => import('./routes/products') },
      { path: 'blogs', lazy: () => import('./routes/blogs') },
      { path: 'myportfolio', lazy: () => import('./routes/my-portfolio') },
      { path: 'login', lazy: () => import('./routes/auth/login') },
      { path: 'signup', lazy: () => import('./routes/auth/signup') },
      { path: 'reset', lazy: () => import('./routes/auth/reset') },
      { path: 'reset-password', lazy: () => import('./routes/auth/reset-password') },
      { path: 'verify-email', lazy: () => import('./routes/auth/verify-email') },
      { path: 'editprofile', lazy: signedIn(() => import('./routes/edit-profile')) },
      { path: 'productdetails/:id', lazy: signedIn(() => import('./routes/product-details')) },
      { path: 'purchase/:id', lazy: signedIn(() => import('./routes/purchase')) },
      {
        path: 'dashboard',
        lazy: signedIn(() => import('./routes/dashboard/dashboard-layout')),
        children: [
          { index: true, lazy: () => import('./routes/dashboard/my-profile') },
          { path: 'addreviews', lazy: () => import('./routes/dashboard/add-review') },
          { path: 'myorders', lazy: () => import('./routes/dashboard/my-orders') },
          { path: 'payment/:id', lazy: () => import('./routes/dashboard/payment') },
          { path: 'makeadmin', lazy: adminOnly(() => import('./routes/dashboard/make-admin')) },
          { path: 'addproduct', lazy: adminOnly(() => import('./routes/dashboard/add-product')) },
          { path: 'manageallorder', lazy: adminOnly(() => import('./routes/dashboard/manage-all-orders')) },
          { path: 'allproduct', lazy: adminOnly(() => import('./routes/dashboard/all-products')) },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
]);
