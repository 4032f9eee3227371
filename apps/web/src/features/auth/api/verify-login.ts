import { useMutation } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import type { VerifyOtpBody } from '@quizcast/contract/schemas/auth';
import { apiRequest } from '../../../lib/api-client';

/** POST /students/login-verify-otp → accessToken plus the user's fields. */
export async function verifyLogin(body: VerifyOtpBody) {
  // The reply's schema (zod) loads with the first call, not with the login screen (issue 17).
  const { authResponseSchema } = await import('@quizcast/contract/schemas/auth');
  const res = await apiRequest(apiUrl(API_PATHS.loginVerifyOtp), {
    method: 'POST',
    body,
    schema: authResponseSchema,
  });
  return res.data;
}

export function useVerifyLogin() {
  return useMutation({ mutationFn: verifyLogin });
}
