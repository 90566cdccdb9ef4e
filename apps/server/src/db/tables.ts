import type { AuthTables } from './auth-schema.js';
import type { OurTables } from './schema.js';

/** Every table the app's Kysely instance knows: ours (schema.ts) and better-auth's (auth-schema.ts). */
export interface DB extends OurTables, AuthTables {}
