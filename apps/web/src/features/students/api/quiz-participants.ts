import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import { quizParticipantsResponseSchema } from '@quizcast/contract/schemas/quiz-participants';
import { apiRequest } from '../../../lib/api-client';
import { downloadCsv } from '../../../lib/download-csv';
import type { PageParams } from '../../../lib/paging';

export async function fetchQuizParticipants(id: string, params: PageParams, signal?: AbortSignal) {
  const { data } = await apiRequest(apiUrl(API_PATHS.quizzesAdminGetParticipants, { id }), {
    query: { page: params.page, limit: params.limit, searchTerm: params.searchTerm },
    schema: quizParticipantsResponseSchema,
    signal,
  });
  return data;
}

export const quizParticipantsQueryOptions = (id: string, params: PageParams) =>
  queryOptions({
    queryKey: ['admin', 'quiz', id, 'participants', params],
    queryFn: ({ signal }) => fetchQuizParticipants(id, params, signal),
    placeholderData: keepPreviousData,
  });

export const useQuizParticipants = (id: string, params: PageParams) =>
  useQuery(quizParticipantsQueryOptions(id, params));

/**
 * Downloads the participants CSV. The API needs the Bearer token, so the file is fetched and
 * handed to the browser as a blob rather than opened as a plain link.
 */
export async function downloadParticipantsCsv(id: string, searchTerm?: string): Promise<void> {
  const url = new URL(apiUrl(API_PATHS.quizzesAdminExportParticipants, { id }), window.location.origin);
  if (searchTerm) url.searchParams.set('searchTerm', searchTerm);
  await downloadCsv(url.toString(), 'participants.csv');
}
