import type { AuthTables } from './auth-schema.js';
import type { UploadTables } from '../modules/uploads/uploads.types.js';
import type { OurTables } from './schema.js';

/** Every table the app's Kysely instance knows. Modules add their tables here. */
export interface DB extends OurTables, AuthTables, UploadTables {}
