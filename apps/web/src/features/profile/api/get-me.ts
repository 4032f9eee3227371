import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import { userEnvelopeSchema } from '@quizcast/contract/schemas/student';
import { apiRequest } from '../../../lib/api-client';

/** GET /students/me → `{ data: user }`. */
export async function getMe() {
  const res = await apiRequest(apiUrl(API_PATHS.me), { schema: userEnvelopeSchema });
  return res.data.data;
}

export function meQueryOptions() {
  return queryOptions({ queryKey: ['students', 'me'], queryFn: getMe });
}

export function useMe(enabled = true) {
  return useQuery({ ...meQueryOptions(), enabled });
}
