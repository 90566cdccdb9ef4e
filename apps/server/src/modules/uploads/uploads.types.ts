import type { PHOTO_TYPES } from '@bulkparts/shared';

export type PhotoType = (typeof PHOTO_TYPES)[number];
