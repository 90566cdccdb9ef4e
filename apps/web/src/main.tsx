import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { prefetchFirstPage } from './app/prefetch-first-page';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import './styles.css';

prefetchFirstPage(window.location.pathname);

// The first render runs as a transition so React yields to the browser every few milliseconds
// instead of blocking the main thread for the whole tree (Lighthouse's total blocking time on a
// slow phone: ADR 0005). Nothing is on screen to keep while it renders.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
});
