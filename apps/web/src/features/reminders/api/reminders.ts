import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import {
  reminderMessageResponseSchema,
  reminderSettingsResponseSchema,
  type PushSubscriptionBody,
  type ReminderSettingsResponse,
  type ReminderSwitches,
} from '@quizcast/contract/schemas/reminders';
import { apiRequest } from '../../../lib/api-client';

export function reminderSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['reminders'],
    queryFn: async ({ signal }): Promise<ReminderSettingsResponse> =>
      (await apiRequest(apiUrl(API_PATHS.reminders), { schema: reminderSettingsResponseSchema, signal }))
        .data,
  });
}

export function useReminderSettings() {
  return useQuery(reminderSettingsQueryOptions());
}

export function useSaveReminderSwitches() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (switches: ReminderSwitches) =>
      apiRequest(apiUrl(API_PATHS.reminders), {
        method: 'PUT',
        body: switches,
        schema: reminderMessageResponseSchema,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: reminderSettingsQueryOptions().queryKey }),
  });
}

export async function saveSubscription(body: PushSubscriptionBody): Promise<void> {
  await apiRequest(apiUrl(API_PATHS.reminderSubscription), {
    method: 'POST',
    body,
    schema: reminderMessageResponseSchema,
  });
}

export async function forgetSubscription(endpoint: string): Promise<void> {
  await apiRequest(apiUrl(API_PATHS.reminderSubscription), {
    method: 'DELETE',
    body: { endpoint },
    schema: reminderMessageResponseSchema,
  });
}
