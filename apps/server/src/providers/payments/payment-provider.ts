import { createHmac } from 'node:crypto';
import type { PaymentProviderName } from '@quizcast/contract/schemas/payment';
import type { AppConfig } from '../../config';
import { FakePaymentProvider } from './fake-payment-provider';
import { RazorpayPaymentProvider } from './razorpay-payment-provider';

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

/**
 * Chosen once from config: `fake` (default outside production) or `razorpay`. Production refuses
 * `fake` at config time; even if that were bypassed, the fake gateway's routes never exist there.
 */
export function createPaymentProvider(config: AppConfig): PaymentProvider {
  if (config.PAYMENT_PROVIDER === 'razorpay') {
    if (!config.RAZORPAY_KEY_ID || !config.RAZORPAY_KEY_SECRET)
      throw new Error('PAYMENT_PROVIDER=razorpay needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET');
    return new RazorpayPaymentProvider({
      keyId: config.RAZORPAY_KEY_ID,
      keySecret: config.RAZORPAY_KEY_SECRET,
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET ?? null,
    });
  }
  return new FakePaymentProvider({
    keySecret: deriveSecret(config.jwtSecret, 'fake-payment-key-secret'),
    webhookSecret: deriveSecret(config.jwtSecret, 'fake-payment-webhook-secret'),
  });
}
