import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { DOCUMENT_COMPANIES_MAX, DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES } from '@bulkparts/shared';
import { validationFailed } from '../../lib/errors.js';
import { PRIVATE_FILE_MODE } from '../../lib/private-files.js';

/** Every PDF starts with these bytes (ISO 32000-1, 7.5.2). */
const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

/** What a document upload carried: the fields as sent, and the file spooled to a private temporary file. */
export interface DocumentUpload {
  fields: { title?: string | undefined; kind?: string | undefined; companies: string[] };
  file: { path: string; size: number } | null;
  /** Removes the temporary file; call it whatever happens next. */
  dispose(): Promise<void>;
}

const notPdf = () => validationFailed({ file: DOCUMENT_MESSAGES.notPdf });
const tooLarge = () => validationFailed({ file: DOCUMENT_MESSAGES.tooLarge });

/**
 * Streams the file part to `file`, checking as the bytes pass: the first five must be `%PDF-`
 * (whatever type the client declared), and there may be at most DOCUMENT_MAX_BYTES. Never holds
 * more than a chunk in memory. Answers the size.
 */
async function spool(stream: Readable, file: string): Promise<number> {
  let size = 0;
  let head = Buffer.alloc(0);
  const check = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > DOCUMENT_MAX_BYTES) return done(tooLarge());
      if (head.length < PDF_MAGIC.length) {
        head = Buffer.concat([head, chunk.subarray(0, PDF_MAGIC.length - head.length)]);
        if (!PDF_MAGIC.subarray(0, head.length).equals(head)) return done(notPdf());
      }
      done(null, chunk);
    },
    flush(done) {
      done(head.length < PDF_MAGIC.length ? notPdf() : null);
    },
  });
  await pipeline(stream, check, createWriteStream(file, { mode: PRIVATE_FILE_MODE }));
  return size;
}

/** Multipart's own limits, as the 400 naming what was wrong. */
function multipartProblem(err: unknown): Error {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT') return validationFailed({ file: DOCUMENT_MESSAGES.oneFile });
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return validationFailed({ companies: `At most ${DOCUMENT_COMPANIES_MAX} companies` });
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return validationFailed({ file: DOCUMENT_MESSAGES.noFile });
  return err as Error;
}

/**
 * Reads `POST /api/service/{id}/documents` (issue 33): the `title`, `kind` and `companies` fields
 * (one company id a field, or several comma-separated) in any order around the one `file`, which is
 * spooled to a temporary file while its type and size are checked, so a 20 MB PDF never sits in memory.
 */
export async function readDocumentUpload(request: FastifyRequest, tmpRoot = tmpdir()): Promise<DocumentUpload> {
  if (!request.isMultipart()) throw validationFailed({ file: 'Send the document as multipart/form-data with a file field' });
  const dir = await mkdtemp(path.join(tmpRoot, 'bulkparts-document-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  const fields: DocumentUpload['fields'] = { companies: [] };
  let file: DocumentUpload['file'] = null;
  try {
    const parts = request.parts({
      // One byte past the limit reaches the spool, which then says so (413 would name no field).
      limits: { fileSize: DOCUMENT_MAX_BYTES + 1, files: 1, fields: DOCUMENT_COMPANIES_MAX + 2, parts: DOCUMENT_COMPANIES_MAX + 3, fieldSize: 64 * 1024 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw validationFailed({ file: DOCUMENT_MESSAGES.noFile });
        const target = path.join(dir, 'document.pdf');
        file = { path: target, size: await spool(part.file, target) };
      } else {
        const value = String(part.value ?? '');
        if (part.fieldname === 'title') fields.title = value;
        else if (part.fieldname === 'kind') fields.kind = value;
        else if (part.fieldname === 'companies' || part.fieldname === 'companies[]') {
          fields.companies.push(
            ...value
              .split(',')
              .map((c) => c.trim())
              .filter(Boolean),
          );
        }
      }
    }
  } catch (err) {
    await dispose();
    throw multipartProblem(err);
  }
  return { fields, file, dispose };
}
