import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import { paymentStatusResponseSchema, type PaymentStatusResponse } from '@quizcast/contract/schemas/payment';
import { apiRequest } from '../../../lib/api-client';

/** GET /payments/status/:paymentId (only the payment's owner may read it). */
export async function getPaymentStatus(paymentId: string): Promise<PaymentStatusResponse> {
  const { data } = await apiRequest(apiUrl(API_PATHS.paymentsStatus, { paymentId }), {
    schema: paymentStatusResponseSchema,
  });
  return data;
}

export function paymentStatusQueryOptions(paymentId: string) {
  return queryOptions({
    queryKey: ['payments', 'status', paymentId],
    queryFn: () => getPaymentStatus(paymentId),
    staleTime: 0,
  });
}

export function usePaymentStatus(paymentId: string, enabled = true) {
  return useQuery({ ...paymentStatusQueryOptions(paymentId), enabled });
}
