import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import { ACCOUNT_MESSAGES, type PrivacySettings } from '@quizcast/contract/schemas/account';
import { messageResponseSchema } from '@quizcast/contract/schemas/auth';
import { userEnvelopeSchema } from '@quizcast/contract/schemas/student';
import { apiRequest } from '../../../lib/api-client';
import { meQueryOptions } from './get-me';

/** PUT /students/privacy → the saved user. */
export async function savePrivacy(settings: PrivacySettings) {
  const res = await apiRequest(apiUrl(API_PATHS.privacy), {
    method: 'PUT',
    body: settings,
    schema: userEnvelopeSchema,
  });
  return res.data.data;
}

export function useSavePrivacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePrivacy,
    onSuccess: (user) => queryClient.setQueryData(meQueryOptions().queryKey, user),
  });
}

/** PUT /students/compensatory-time → the saved user (ADR 023). */
export async function saveCompensatoryTime(compensatoryTime: boolean) {
  const res = await apiRequest(apiUrl(API_PATHS.compensatoryTime), {
    method: 'PUT',
    body: { compensatoryTime },
    schema: userEnvelopeSchema,
  });
  return res.data.data;
}

export function useSaveCompensatoryTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCompensatoryTime,
    onSuccess: (user) => queryClient.setQueryData(meQueryOptions().queryKey, user),
  });
}

/** POST /students/logout-all: every session of this user ends, this one included. */
export async function logoutAllDevices() {
  await apiRequest(apiUrl(API_PATHS.logoutAll), { method: 'POST', schema: messageResponseSchema });
}

/** POST /students/delete-account with the typed confirmation word. */
export async function deleteAccount() {
  await apiRequest(apiUrl(API_PATHS.deleteAccount), {
    method: 'POST',
    body: { confirm: ACCOUNT_MESSAGES.deleteConfirmWord },
    schema: messageResponseSchema,
  });
}
