import type { AdminInbox } from '@bulkparts/shared';
import { api } from '@/lib/api-client';

/** `GET /api/admin/inbox` (issue 33): what needs the operator's action now. */
export const getInbox = () => api<AdminInbox>('/api/admin/inbox');
