import type { RouteOptions } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
  key: string;
}

/** Collects every route (one entry per method; HEAD mirrors GET and is skipped) via buildApp's onRoute. */
export function routeCollector() {
  const routes: RouteEntry[] = [];
  const onRoute = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const key = `${method} ${route.url}`;
      if (!routes.some((r) => r.key === key)) routes.push({ method, url: route.url, key });
    }
  };
  return { routes, onRoute };
}

/** A pattern filled with values: `:id` and any other param → `value`, a trailing `*` → `x`. */
export function fillPattern(url: string, value: string): string {
  return url.replace(/:[A-Za-z_]+/g, value).replace(/\*$/, 'x');
}
