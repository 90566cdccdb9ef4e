import { queryOptions } from '@tanstack/react-query';
import { getProfile } from './get-profile';
import { PROFILE_ROOT } from '@/lib/query-roots';

const ALL = PROFILE_ROOT;

/** The signed-in user's profile; saving it writes the answer straight into `own()`. */
export const profileQueries = {
  all: () => ALL,
  own: () => queryOptions({ queryKey: [...ALL, 'own'] as const, queryFn: getProfile }),
};
