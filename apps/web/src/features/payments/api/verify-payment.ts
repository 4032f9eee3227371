import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import {
  verifyPaymentResponseSchema,
  type VerifyPaymentBody,
  type VerifyPaymentResponse,
} from '@quizcast/contract/schemas/payment';
import { apiRequest } from '../../../lib/api-client';
import { paymentsQueryOptions } from './payments';

/** POST /payments/verify-payment: the server checks the checkout signature and unlocks the quiz. */
export async function verifyPayment(body: VerifyPaymentBody): Promise<VerifyPaymentResponse> {
  const { data } = await apiRequest(apiUrl(API_PATHS.paymentsVerify), {
    method: 'POST',
    body,
    schema: verifyPaymentResponseSchema,
  });
  return data;
}

export function useVerifyPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentsQueryOptions().queryKey }),
  });
}
