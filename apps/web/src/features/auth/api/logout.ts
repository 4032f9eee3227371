import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /students/logout: the server revokes this session, so the token stops working everywhere it
 * was copied. A failure (offline, already revoked) never keeps the learner signed in on this device.
 * No response schema: this sits in the signed-in layout, whose first load must stay free of zod
 * (ADR 013 budgets); the answer is not read.
 */
export async function logoutOnServer(): Promise<void> {
  try {
    await apiRequest(apiUrl(API_PATHS.logout), { method: 'POST', timeoutMs: 5_000 });
  } catch {
    // Signed out locally regardless; an unreachable server's session expires on its own.
  }
}
