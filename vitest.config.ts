import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Unit tests, the web app's component tests (happy-dom), and the API tests twice: on SQLite
 * (always) and on PostgreSQL (when TEST_DATABASE_URL is set, as in CI). Each API test file builds
 * the app on a fresh database.
 */
const serverProject = (engine: 'sqlite' | 'postgres') => ({
  test: {
    name: `api-${engine}`,
    include: ['apps/server/test/**/*.test.ts'],
    env: { TEST_ENGINE: engine },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
  },
});

// The web app's `@/` imports, as in apps/web/vite.config.ts.
const webAlias = { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) };

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: webAlias },
        test: { name: 'unit', include: ['packages/shared/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'] },
      },
      {
        // React components (`*.test.tsx`) rendered with Testing Library in happy-dom.
        resolve: { alias: webAlias },
        test: { name: 'web-components', include: ['apps/web/src/**/*.test.tsx'], environment: 'happy-dom' },
      },
      serverProject('sqlite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
    ],
  },
});
