import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import { messageResponseSchema } from '@quizcast/contract/schemas/auth';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /students/logout: the server revokes this session, so the token stops working everywhere it
 * was copied. A failure (offline, already revoked) never keeps the learner signed in on this device.
 */
export async function logoutOnServer(): Promise<void> {
  try {
    await apiRequest(apiUrl(API_PATHS.logout), {
      method: 'POST',
      schema: messageResponseSchema,
      timeoutMs: 5_000,
    });
  } catch {
    // Signed out locally regardless; an unreachable server's session expires on its own.
  }
}
