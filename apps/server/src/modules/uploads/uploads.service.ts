import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { PHOTO_MAX_BYTES, PHOTO_TYPES, UPLOAD_QUOTA_BYTES, UPLOAD_QUOTA_FILES, UPLOADS_PER_HOUR, UPLOADS_PER_HOUR_ADMIN } from '@bulkparts/shared';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/ids.js';
import type { RateLimiter } from '../rate-limit/rate-limit.service.js';
import { EXT_BY_TYPE, sniffImageType } from './image-type.js';
import type { UploadsRepository } from './uploads.repository.js';
import { UPLOAD_KEY_PATTERN, type ObjectStorage } from './storage.js';

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
export async function storeImage(storage: ObjectStorage, bytes: Buffer, beforeStore?: (key: string) => Promise<void>): Promise<string> {
  const type = sniffImageType(bytes);
  if (!type || !PHOTO_TYPES.includes(type)) throw wrongType();
  const key = `${createHash('sha256').update(bytes).digest('hex')}.${EXT_BY_TYPE[type]}`;
  await beforeStore?.(key);
  await storage.put(key, bytes, type);
  return `/uploads/${key}`;
}

export interface Uploader {
  id: string;
  role: 'admin' | 'customer';
}

/**
 * Who may store what: an hourly rate per account (database counters, shared by instances), a
 * stored-files quota for customers, and deletion of files nothing shows any more (a replaced
 * profile photo at once; anything else, such as a product image replaced or never used, by the
 * sweep after a day's grace).
 */
export function createUploadsService(deps: {
  repo: UploadsRepository;
  storage: ObjectStorage;
  rateLimiter: RateLimiter;
  /** Whether any account photo, product, review or order snapshot still shows `url` (each owner answers; services.ts). */
  isInUse: (url: string) => Promise<boolean>;
}) {
  const { repo, storage, rateLimiter, isInUse } = deps;

  async function release(key: string): Promise<boolean> {
    if (await isInUse(`/uploads/${key}`)) return false;
    await storage.delete(key);
    await repo.forget(key);
    return true;
  }

  return {
    /** Stores one uploaded image for `user` and answers its public path. */
    async accept(user: Uploader, bytes: Buffer): Promise<string> {
      const isAdmin = user.role === 'admin';
      await rateLimiter.consume([
        { name: 'upload:account', rule: { max: isAdmin ? UPLOADS_PER_HOUR_ADMIN : UPLOADS_PER_HOUR, windowSeconds: 3600 }, subject: user.id },
      ]);
      const url = await storeImage(storage, bytes, async (key) => {
        if (isAdmin || (await repo.owns(user.id, key))) return;
        const used = await repo.usage(user.id);
        if (used.files >= UPLOAD_QUOTA_FILES || used.bytes + bytes.length > UPLOAD_QUOTA_BYTES) {
          throw new AppError(
            'CONFLICT',
            `You have reached your upload quota (${UPLOAD_QUOTA_FILES} files or ${UPLOAD_QUOTA_BYTES / 1024 / 1024} MB); files you no longer use are removed after a day`,
          );
        }
      });
      await repo.record(user.id, url.slice('/uploads/'.length), bytes.length, nowIso());
      return url;
    },

    /** Deletes the file behind `url` when it is an upload that nothing shows any more. */
    async releaseIfUnused(url: string | null | undefined): Promise<void> {
      const key = url?.startsWith('/uploads/') ? url.slice('/uploads/'.length) : undefined;
      if (key && UPLOAD_KEY_PATTERN.test(key)) await release(key);
    },

    /** Deletes uploads recorded before `before` that nothing shows; answers how many went. */
    async sweep(before: string, limit = 200): Promise<number> {
      let removed = 0;
      for (const key of await repo.keysRecordedBefore(before, limit)) if (await release(key)) removed++;
      return removed;
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
