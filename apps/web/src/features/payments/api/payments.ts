import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import { paymentListResponseSchema, type PaymentListResponse } from '@quizcast/contract/schemas/payment';
import { apiRequest } from '../../../lib/api-client';

/** GET /payments: the learner's payments and receipts, newest first. */
export async function getPayments(): Promise<PaymentListResponse> {
  const { data } = await apiRequest(apiUrl(API_PATHS.payments), { schema: paymentListResponseSchema });
  return data;
}

export function paymentsQueryOptions() {
  return queryOptions({ queryKey: ['payments', 'list'], queryFn: getPayments, staleTime: 0 });
}

export function usePayments() {
  return useQuery(paymentsQueryOptions());
}
