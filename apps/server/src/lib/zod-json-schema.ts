import { z } from 'zod';

/** The zod schema each generated response schema came from (read by the OpenAPI document, plugins/openapi.ts). */
const sources = new WeakMap<object, z.ZodType>();

/**
 * Response schemas are generated from the shared zod schemas, so Fastify can compile a fast
 * serializer for them without a second hand-written copy of the shape.
 */
export function responseSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: 'draft-7', unrepresentable: 'any', io: 'output' }) as Record<string, unknown>;
  delete json.$schema;
  sources.set(json, schema);
  return json;
}

/** The zod schema `responseSchema` generated `json` from, if it did. */
export function zodSourceOf(json: unknown): z.ZodType | undefined {
  return typeof json === 'object' && json !== null ? sources.get(json) : undefined;
}
