import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { PHOTO_MAX_BYTES, PHOTO_TYPES } from '@bulkparts/shared';
import { AppError } from '../../lib/errors.js';
import { EXT_BY_TYPE, sniffImageType } from './image-type.js';
import type { ObjectStorage } from './storage.js';

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', `The image must be at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB`);
const wrongType = () => new AppError('UNSUPPORTED_MEDIA_TYPE', 'The image must be a JPEG, PNG or WebP file');

/** Reads the one file of a multipart request, checking its size while streaming. */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw wrongType();
  let file;
  try {
    file = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1 } });
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
  if (!file) throw new AppError('BAD_REQUEST', 'Choose an image to upload');
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
  if (file.file.truncated || bytes.length > PHOTO_MAX_BYTES) throw tooLarge();
  return bytes;
}

/** Stores an image under a content-addressed key and answers its public path (`/uploads/<key>`). */
export async function storeImage(storage: ObjectStorage, bytes: Buffer): Promise<string> {
  const type = sniffImageType(bytes);
  if (!type || !PHOTO_TYPES.includes(type)) throw wrongType();
  const key = `${createHash('sha256').update(bytes).digest('hex')}.${EXT_BY_TYPE[type]}`;
  await storage.put(key, bytes, type);
  return `/uploads/${key}`;
}
