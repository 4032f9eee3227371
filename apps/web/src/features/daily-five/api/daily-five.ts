import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import { indiaDayKey } from '@quizcast/contract/domain/review';
// No zod here: the card sits on the quiz list, whose first load has a size budget (ADR 013). The
// server serialises the reply with the contract's schema; the runner parses the attempt itself.
import type { DailyFiveResponse } from '@quizcast/contract/schemas/practice';
import { apiRequest, isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { storage } from '../../../lib/storage';

const KEY = 'DAILY_FIVE:';

/**
 * Today's daily five (issue 28): the server makes it on the day's first read, the same five after.
 * The last reply is kept on the device, so /daily-five reopens today's five without a connection
 * (status 0); its run is practice's, from practice's own device copy (issue 27).
 */
export async function getDailyFive(userId: string, signal?: AbortSignal): Promise<DailyFiveResponse> {
  try {
    const reply = (await apiRequest<DailyFiveResponse>(apiUrl(API_PATHS.dailyFive), { signal })).data;
    if (userId) storage.set(`${KEY}${userId}`, JSON.stringify(reply));
    return reply;
  } catch (err) {
    const kept = isApiError(err) && err.status === 0 ? keptDailyFive(userId) : null;
    if (kept) return kept;
    throw err;
  }
}

/** The kept reply, if it is of today (IST, by this device's clock: only ever used offline). */
function keptDailyFive(userId: string): DailyFiveResponse | null {
  try {
    const kept = JSON.parse(storage.get(`${KEY}${userId}`) ?? '') as DailyFiveResponse;
    return kept?.day === indiaDayKey(new Date()) ? kept : null;
  } catch {
    return null;
  }
}

export function dailyFiveQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['daily-five'],
    queryFn: ({ signal }) => getDailyFive(userId, signal),
    staleTime: 30_000,
    // Offline it answers from the device (above) instead of waiting for a connection.
    networkMode: 'always',
  });
}

export function useDailyFive() {
  return useQuery(dailyFiveQueryOptions(useAuth().user?._id ?? ''));
}
