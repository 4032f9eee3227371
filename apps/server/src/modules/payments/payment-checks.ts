import type { FastifyBaseLogger } from 'fastify';
import type { RazorpayWebhookEvent, WebhookResponse } from '@quizcast/contract/schemas/payment';
import { withTimeout } from '../../lib/timeout';
import type { PaymentRow } from './payments.repository';

/** What handling a webhook event came to. */
export type WebhookOutcome = WebhookResponse['status'];
export type { RazorpayWebhookEvent };

/** Every gateway call has a deadline (OUTBOUND_TIMEOUT_MS). */
export function gatewayCall<T>(call: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  return withTimeout(call, timeoutMs, `the payment gateway (${what})`);
}

/** Whether the gateway's amount and currency are the order's (a mismatch is logged). */
export function amountMatches(
  row: PaymentRow,
  amountPaise: number,
  currency: string,
  log: FastifyBaseLogger,
): boolean {
  const ok = amountPaise === row.amountPaise && currency === row.currency;
  if (!ok) log.warn({ orderId: row.orderId, amountPaise, currency }, 'webhook amount differs from order');
  return ok;
}
