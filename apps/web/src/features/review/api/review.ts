import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import {
  REVIEW_LIMITS,
  addCardResponseSchema,
  gradeReviewResponseSchema,
  messageResponseSchema,
  reviewQueueResponseSchema,
  reviewSettingsSchema,
  reviewStatsResponseSchema,
  type GradeReviewBody,
  type GradeReviewResponse,
  type ReviewQueueResponse,
  type ReviewSettings,
  type ReviewStats,
} from '@quizcast/contract/schemas/review';
import { apiRequest } from '../../../lib/api-client';

/** The queue with the next 24 hours' cards (at most 200): what the device keeps for offline review. */
export async function getReviewDeck(signal?: AbortSignal): Promise<ReviewQueueResponse> {
  const { data } = await apiRequest(apiUrl(API_PATHS.reviewQueue), {
    query: { limit: REVIEW_LIMITS.maxQueueLimit, ahead: true },
    schema: reviewQueueResponseSchema,
    signal,
  });
  return data;
}

export async function postReview(cardId: string, body: GradeReviewBody): Promise<GradeReviewResponse> {
  const { data } = await apiRequest(apiUrl(API_PATHS.reviewCardReviews, { cardId }), {
    method: 'POST',
    body,
    schema: gradeReviewResponseSchema,
  });
  return data;
}

export function reviewStatsQueryOptions() {
  return queryOptions({
    queryKey: ['review', 'stats'],
    queryFn: async ({ signal }): Promise<ReviewStats> =>
      (await apiRequest(apiUrl(API_PATHS.reviewStats), { schema: reviewStatsResponseSchema, signal })).data,
    staleTime: 30_000,
  });
}

export function useReviewStats(enabled = true) {
  return useQuery({ ...reviewStatsQueryOptions(), enabled });
}

export function reviewSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['review', 'settings'],
    queryFn: async ({ signal }): Promise<ReviewSettings> =>
      (await apiRequest(apiUrl(API_PATHS.reviewSettings), { schema: reviewSettingsSchema, signal })).data,
  });
}

export function useReviewSettings() {
  return useQuery(reviewSettingsQueryOptions());
}

export function useSaveReviewSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (settings: ReviewSettings) =>
      (
        await apiRequest(apiUrl(API_PATHS.reviewSettings), {
          method: 'PUT',
          body: settings,
          schema: reviewSettingsSchema,
        })
      ).data,
    onSuccess: (saved) => {
      client.setQueryData(reviewSettingsQueryOptions().queryKey, saved);
      void client.invalidateQueries({ queryKey: reviewStatsQueryOptions().queryKey });
    },
  });
}

export async function removeReviewCard(cardId: string): Promise<void> {
  await apiRequest(apiUrl(API_PATHS.reviewCard, { cardId }), {
    method: 'DELETE',
    schema: messageResponseSchema,
  });
}

export function useAddToReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (questionId: string) =>
      (
        await apiRequest(apiUrl(API_PATHS.reviewCards), {
          method: 'POST',
          body: { questionId },
          schema: addCardResponseSchema,
        })
      ).data,
    onSuccess: () => void client.invalidateQueries({ queryKey: reviewStatsQueryOptions().queryKey }),
  });
}
