import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { contentTypeOf, isStorageKey, type ObjectStorage } from './storage.js';

/** What config/env.ts reads from S3_* (all four required ones together, or none). */
export interface S3StorageConfig {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `bucket` in the path (`endpoint/bucket/key`), as MinIO, Ceph and most S3-compatible stores want. */
  forcePathStyle: boolean;
}

/** An object the store does not have. A missing bucket or refused credentials are errors, not 404s. */
function isMissingKey(err: unknown): boolean {
  const name = (err as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

/**
 * Uploads in an S3-compatible bucket (ADR 0021): every instance reads and deletes the same objects,
 * so a photo uploaded through one is served by all. Objects are read back through the app, which
 * adds the headers that keep an upload from running as a page; the bucket itself stays private.
 * Keys are validated as on disk: an invalid key is never sent to the store.
 */
export function createS3Storage(config: S3StorageConfig): ObjectStorage {
  const { bucket } = config;
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Everything the SDK would otherwise look up in AWS_* variables or ~/.aws is said here.
    maxAttempts: 3,
    useFipsEndpoint: false,
    useDualstackEndpoint: false,
    // Checksums only where the API requires them: several S3-compatible stores refuse the newer
    // default trailing checksums, and keys are content hashes (sha256) already.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that stops answering fails the request (and its retries) instead of holding it open.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000, throwOnRequestTimeout: true },
  });

  return {
    async put(key, bytes, contentType) {
      if (!isStorageKey(key)) throw new Error(`Invalid upload key: ${key}`);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
    },
    async putStream(key, body, size, contentType) {
      if (!isStorageKey(key)) throw new Error(`Invalid upload key: ${key}`);
      // A stream of known length is sent as it is read (one PUT, no multipart upload below 5 GB).
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType, ContentLength: size }));
    },
    async get(key) {
      if (!isStorageKey(key)) return undefined;
      let output;
      try {
        output = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      } catch (err) {
        if (isMissingKey(err)) return undefined;
        throw err;
      }
      if (!output.Body) return undefined;
      // In Node the body is the HTTP response itself: streamed to the client as it arrives.
      const body = output.Body instanceof Readable ? output.Body : Buffer.from(await output.Body.transformToByteArray());
      return { body, contentType: contentTypeOf(key), size: output.ContentLength };
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      try {
        // S3 answers 204 for a key it does not have; some compatible stores answer 404.
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (err) {
        if (!isMissingKey(err)) throw err;
      }
    },
    close() {
      client.destroy();
    },
  };
}
