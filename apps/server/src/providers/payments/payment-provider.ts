import { createHmac } from 'node:crypto';
import type { PaymentProviderName } from '@quizcast/contract/schemas/payment';

export interface CreateOrderInput {
  /** Paise. */
  amount: number;
  currency: 'INR';
  /** Our reference (≤ 40 chars): the payment record's id. */
  receipt: string;
  notes: { quizId: string; userId: string };
}

export interface ProviderOrder {
  id: string;
  amount: number;
  currency: string;
}

/** A payment the gateway captured (money taken), as its API reports it. */
export interface CapturedPayment {
  id: string;
  /** Paise. */
  amount: number;
  currency: string;
}

/**
 * A payment gateway as the server needs it: create an order, and the secrets its signatures are
 * checked with. Verification itself is shared code (signature.ts), the same for every provider.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Public key the browser checkout is opened with. */
  readonly keyId: string;
  /** Checkout signatures (`order_id|payment_id`) are HMAC'd with this. */
  readonly keySecret: string;
  /** Webhook bodies are HMAC'd with this; null when not configured (webhooks are then refused). */
  readonly webhookSecret: string | null;
  createOrder(input: CreateOrderInput): Promise<ProviderOrder>;
  /**
   * The order's captured payment, if any: how the server settles an order whose checkout callback
   * and webhook both never reached it. Absent where the gateway cannot be asked (the fake one,
   * which sends its own webhook instead).
   */
  findCapturedPayment?(orderId: string): Promise<CapturedPayment | null>;
}

/** A secret derived from the JWT secret for one purpose: stable across restarts, reveals nothing of it. */
export function deriveSecret(jwtSecret: string, purpose: string): string {
  return createHmac('sha256', jwtSecret).update(`quizcast:${purpose}`).digest('base64url');
}
