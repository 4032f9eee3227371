import { useMutation } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import type { OtpPurpose } from '@quizcast/contract/schemas/auth';
import { apiRequest } from '../../../lib/api-client';

const paths: Record<OtpPurpose, string> = {
  login: API_PATHS.loginSendOtp,
  signup: API_PATHS.signupSendOtp,
};

/** POST /students/{login,signup}-send-otp with phNo as a string. */
export async function sendOtp({ purpose, phNo }: { purpose: OtpPurpose; phNo: string }) {
  // The reply's schema (zod) loads with the first call, not with the login screen (issue 17).
  const { messageResponseSchema } = await import('@quizcast/contract/schemas/auth');
  const res = await apiRequest(apiUrl(paths[purpose]), {
    method: 'POST',
    body: { phNo },
    schema: messageResponseSchema,
  });
  return res.data;
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}
