import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ToastContainer, toast } from 'react-toastify';
import { vi } from 'vitest';

/**
 * Component tests without module mocks: the real api/ hooks and api-client run against a stubbed
 * `fetch`, and toasts show in a real container. The component files share one worker's modules
 * (vitest.config.ts, `isolate: false`), so whatever a file changes must be undone in its own
 * `afterEach(resetFakeApi)`: hooks cannot be registered from here, a module evaluated once per worker.
 */

/** One request the component sent: the method, the path with its query, the JSON body parsed. */
export interface SentRequest {
  method: string;
  url: string;
  body: unknown;
}

/** A JSON answer, as the API sends it (a page's total rides in a header). */
export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** An API error answer: `{ error, message, fields? }` with its 4xx status, read by api-client into ApiClientError. */
export const apiError = (status: number, error: string, message: string, fields?: Record<string, string>) =>
  json({ error, message, ...(fields ? { fields } : {}) }, status);

/**
 * Stubs `fetch`, and `XMLHttpRequest` (file uploads, lib/upload-with-progress), with `answer`,
 * called with each request (and its init, for the headers); undefined answers 404. Returns the
 * requests sent, in order (the GETs too: filter on method or url).
 */
export function serveApi(answer: (req: SentRequest, init?: RequestInit) => Response | undefined | Promise<Response | undefined>): SentRequest[] {
  const sent: SentRequest[] = [];
  const respond = async (req: SentRequest, init: RequestInit) => {
    sent.push(req);
    return (await answer(req, init)) ?? apiError(404, 'NOT_FOUND', 'Not found');
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const raw = init.body;
      return respond({ method: init.method ?? 'GET', url: String(url), body: typeof raw === 'string' ? JSON.parse(raw) : (raw ?? undefined) }, init);
    }),
  );
  vi.stubGlobal(
    'XMLHttpRequest',
    class {
      status = 0;
      responseText = '';
      withCredentials = false;
      upload: { onprogress?: (e: ProgressEvent) => void; onload?: () => void } = {};
      onload?: () => void;
      onerror?: () => void;
      onabort?: () => void;
      private method = 'GET';
      private url = '';
      private headers: Record<string, string> = {};
      open(method: string, url: string) {
        this.method = method;
        this.url = url;
      }
      setRequestHeader(name: string, value: string) {
        this.headers[name.toLowerCase()] = value;
      }
      abort() {
        this.onabort?.();
      }
      send(body: XMLHttpRequestBodyInit) {
        void respond({ method: this.method, url: this.url, body }, { method: this.method, headers: this.headers, body }).then(async (res) => {
          this.status = res.status;
          this.responseText = await res.text();
          this.upload.onload?.();
          this.onload?.();
        });
      }
    },
  );
  return sent;
}

/**
 * Stubs `fetch` answering `METHOD /path?query` from `routes`: a function answers every such
 * request, a list one request each, in turn. Anything else answers 404. Returns the requests sent.
 */
export function serveRoutes(routes: Record<string, (() => Response) | Response[]>): SentRequest[] {
  return serveApi((req) => {
    const route = routes[`${req.method} ${req.url}`];
    return typeof route === 'function' ? route() : route?.shift();
  });
}

/** The requests other than GETs: what the component asked the server to do. */
export const writes = (sent: SentRequest[]) => sent.filter((r) => r.method !== 'GET');

/** Renders `ui` in a fresh query client (or `client`, with reads already in its cache), with a toast container. */
export function renderWithApi(ui: ReactNode, { client = new QueryClient({ defaultOptions: { queries: { retry: false } } }) } = {}): RenderResult {
  // Toasts raised while no container was mounted wait in react-toastify's module-level queue.
  toast.dismiss();
  return render(
    <QueryClientProvider client={client}>
      {ui}
      <ToastContainer />
    </QueryClientProvider>,
  );
}

/** The element with role alert reading exactly `text`: a field's message, a form's, or a toast. */
export const findAlert = (text: string) =>
  waitFor(() => {
    const alerts = screen.queryAllByRole('alert');
    const found = alerts.find((a) => a.textContent === text);
    if (!found) throw new Error(`No alert reads "${text}"; the alerts: ${JSON.stringify(alerts.map((a) => a.textContent))}`);
    return found;
  });

/** The alerts that are not toasts: the form's own messages. */
export const formAlerts = () => screen.queryAllByRole('alert').filter((a) => !a.closest('.Toastify'));

/** The kind of toast `el` is in ('success', 'error', 'info', 'warning', 'default'), or null when it is no toast. */
export const toastType = (el: Element) => /Toastify__toast--(\w+)/.exec(el.closest('.Toastify__toast')?.className ?? '')?.[1] ?? null;

/** For each file's afterEach: unmounts, empties the toast queue, puts the real fetch back. */
export function resetFakeApi() {
  cleanup();
  toast.dismiss();
  vi.unstubAllGlobals();
}
