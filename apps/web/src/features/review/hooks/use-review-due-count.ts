import { useQuery } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
// No zod here: the badge is on every signed-in screen (issue 17's budgets); the server serialises the
// reply with the contract's schema, so the type describes what arrives.
import type { ReviewQueueResponse } from '@quizcast/contract/schemas/review';
import { apiRequest } from '../../../lib/api-client';
import { loadDeck } from '../lib/offline';

/** Cards due now (the sidebar badge): from the server, or from the device's copy when offline. */
export function useReviewDueCount() {
  return useQuery({
    queryKey: ['review', 'due-count'],
    queryFn: async ({ signal }) => {
      try {
        const { data } = await apiRequest<ReviewQueueResponse>(apiUrl(API_PATHS.reviewQueue), {
          query: { limit: 1 },
          signal,
        });
        return data.counts.dueNow;
      } catch (err) {
        const deck = loadDeck();
        if (!deck) throw err;
        const now = Date.now() + deck.clockOffsetMs;
        return deck.cards.filter((c) => Date.parse(c.due) <= now).length;
      }
    },
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
}
