import { z } from 'zod';
import { apiErrorSchema } from './common.js';

/** One problem in an import file: its 1-based row (the header is row 1), the column, the message. */
export const importErrorSchema = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type ImportError = z.infer<typeof importErrorSchema>;

/**
 * `POST /api/service/import?dryRun=…` answer: how many products the file creates and updates (by
 * SKU), and every row's errors. With `dryRun=false` a file with any error answers 400 with this
 * body (and `error`/`message`) and writes nothing.
 */
export const productImportResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(importErrorSchema),
});
export type ProductImportResult = z.infer<typeof productImportResultSchema>;

/** The 400 of an import with `dryRun=false` and a bad row: the one error shape (`fields` per column) and the result. */
export const productImportRejectedSchema = apiErrorSchema.extend(productImportResultSchema.shape);

export const productImportQuerySchema = z.object({
  dryRun: z.enum(['true', 'false', '1', '0'], { error: 'dryRun must be true or false' }).transform((v) => v === 'true' || v === '1'),
});
