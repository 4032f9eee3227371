import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { QUIZ_LIST_FIRST_PAGE, QUIZ_LIST_PAGE_SIZE, type ExamFamily } from '@quizcast/contract/constants';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import type { QuizListResponse } from '@quizcast/contract/schemas/quiz';
import { apiRequest } from '../../../lib/api-client';

export interface QuizListFilters {
  searchTerm?: string;
  exam?: ExamFamily;
}

export async function fetchQuizPage(
  page: number,
  filters: QuizListFilters,
  signal?: AbortSignal,
): Promise<QuizListResponse> {
  // Read-only screen: no zod here (ADR 013); the server serialises with the contract's schema.
  const { data } = await apiRequest<QuizListResponse>(apiUrl(API_PATHS.quizzesParticipant), {
    query: { page, limit: QUIZ_LIST_PAGE_SIZE, searchTerm: filters.searchTerm, exam: filters.exam },
    signal,
  });
  return data;
}

/** Key of every participant list query (all filters): invalidate this after a submit or an unlock. */
export const quizListBaseKey = ['quizzes', 'participant', 'list'] as const;

/** Page size 10, first page 1; the next page is asked for only when the last one was full. */
export function quizListQueryOptions(filters: QuizListFilters) {
  return infiniteQueryOptions({
    queryKey: [...quizListBaseKey, filters],
    queryFn: ({ pageParam, signal }) => fetchQuizPage(pageParam, filters, signal),
    initialPageParam: QUIZ_LIST_FIRST_PAGE,
    getNextPageParam: (lastPage, _pages, lastPageParam) =>
      lastPage.quizzes.length === QUIZ_LIST_PAGE_SIZE ? lastPageParam + 1 : undefined,
  });
}

export function useQuizList(filters: QuizListFilters) {
  return useInfiniteQuery(quizListQueryOptions(filters));
}
