import type { AdminOverview } from '@bulkparts/shared';
import { api } from '@/lib/api-client';

export const getOverview = () => api<AdminOverview>('/api/admin/overview');
