/**
 * Issue 32: a route that answers documents rather than JSON (punchout's cXML for a procurement
 * system, pages and redirects for a browser) lists every answer itself in its schema's
 * `textAnswers`: status → description and media types (none: no body). Its errors are in those
 * media types too, never `ApiError`. The OpenAPI document (plugins/openapi.ts) describes them so.
 */
export type TextAnswers = Record<string, { description: string; media: readonly string[] }>;

declare module 'fastify' {
  interface FastifySchema {
    textAnswers?: TextAnswers;
  }
}
