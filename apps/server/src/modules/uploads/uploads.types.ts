import type { PHOTO_TYPES } from '@bulkparts/shared';

export type PhotoType = (typeof PHOTO_TYPES)[number];

/** `uploads`: one row per file an account uploaded (migration 20261124100000). */
export interface UploadsTable {
  user_id: string;
  /** The storage key (`<sha256>.<ext>`), served at `/uploads/<key>`. */
  key: string;
  bytes: number;
  created_at: string;
}

export interface UploadTables {
  uploads: UploadsTable;
}
