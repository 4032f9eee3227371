import { useMutation } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import {
  createOrderResponseSchema,
  type CreateOrderBody,
  type CreateOrderResponse,
} from '@quizcast/contract/schemas/payment';
import { apiRequest } from '../../../lib/api-client';

/** POST /payments/create-order: the server prices the quiz; `amount` is the rupee cross-check (11.8). */
export async function createOrder(body: CreateOrderBody): Promise<CreateOrderResponse> {
  const { data } = await apiRequest(apiUrl(API_PATHS.paymentsCreateOrder), {
    method: 'POST',
    body,
    schema: createOrderResponseSchema,
  });
  return data;
}

export function useCreateOrder() {
  return useMutation({ mutationFn: createOrder });
}
