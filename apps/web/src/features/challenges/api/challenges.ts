import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import type {
  ChallengeCard,
  CreateChallengeBody,
  MyChallenge,
  MyChallengesResponse,
} from '@quizcast/contract/schemas/challenge';
import { apiRequest } from '../../../lib/api-client';

/** Make (or keep) my challenge link for a published result (issue 28). */
export async function shareResult(body: CreateChallengeBody): Promise<MyChallenge> {
  return (await apiRequest<MyChallenge>(apiUrl(API_PATHS.challenges), { method: 'POST', body })).data;
}

export function useShareResult() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: shareResult,
    onSuccess: () => client.invalidateQueries({ queryKey: myChallengesQueryOptions().queryKey }),
  });
}

export async function getMyChallenges(signal?: AbortSignal): Promise<MyChallengesResponse> {
  return (await apiRequest<MyChallengesResponse>(apiUrl(API_PATHS.challenges), { signal })).data;
}

export function myChallengesQueryOptions() {
  return queryOptions({ queryKey: ['challenges', 'mine'], queryFn: ({ signal }) => getMyChallenges(signal) });
}

export function useMyChallenges() {
  return useQuery(myChallengesQueryOptions());
}

export async function withdrawChallenge(code: string): Promise<void> {
  await apiRequest(apiUrl(API_PATHS.challenge, { code }), { method: 'DELETE' });
}

export function useWithdrawChallenge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: withdrawChallenge,
    onSuccess: () => client.invalidateQueries({ queryKey: myChallengesQueryOptions().queryKey }),
  });
}

/** A link's public card (no sign-in needed). */
export async function getChallengeCard(code: string, signal?: AbortSignal): Promise<ChallengeCard> {
  return (await apiRequest<ChallengeCard>(apiUrl(API_PATHS.challenge, { code }), { signal })).data;
}

export function challengeCardQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['challenges', 'card', code],
    queryFn: ({ signal }) => getChallengeCard(code, signal),
    retry: false,
  });
}

export function useChallengeCard(code: string) {
  return useQuery(challengeCardQueryOptions(code));
}
