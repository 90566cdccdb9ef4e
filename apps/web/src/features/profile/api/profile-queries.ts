import { queryOptions } from '@tanstack/react-query';
import { getProfile } from './get-profile';

const ALL = ['profile'] as const;

/** The signed-in user's profile; saving it writes the answer straight into `own()`. */
export const profileQueries = {
  all: () => ALL,
  own: () => queryOptions({ queryKey: [...ALL, 'own'] as const, queryFn: getProfile }),
};
