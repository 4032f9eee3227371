import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/dev/outbox?phNo= : only answers outside production with the console SMS provider. */
export async function getDevOutbox(phNo: string) {
  // Loaded with the call (zod), not with the login screen (issue 17).
  const { devOutboxEntrySchema } = await import('@quizcast/contract/schemas/auth');
  const res = await apiRequest(apiUrl(API_PATHS.devOutbox), {
    query: { phNo },
    schema: devOutboxEntrySchema,
  });
  return res.data;
}

/** `sendCount` (how many codes this screen sent) makes each send fetch afresh. */
export function devOutboxQueryOptions(phNo: string, sendCount: number) {
  return queryOptions({
    queryKey: ['dev-outbox', phNo, sendCount],
    queryFn: () => getDevOutbox(phNo),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useDevOutbox(phNo: string, sendCount: number | null) {
  return useQuery({ ...devOutboxQueryOptions(phNo, sendCount ?? 0), enabled: sendCount !== null });
}
