import { useMutation } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import { authResponseSchema, type VerifyOtpBody } from '@quizcast/contract/schemas/auth';
import { apiRequest } from '../../../lib/api-client';

/** POST /students/login-verify-otp → accessToken plus the user's fields. */
export async function verifyLogin(body: VerifyOtpBody) {
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
