import { z } from 'zod';

/**
 * Response schemas are generated from the shared zod schemas, so Fastify can compile a fast
 * serializer for them without a second hand-written copy of the shape.
 */
export function responseSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: 'draft-7', unrepresentable: 'any', io: 'output' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}
