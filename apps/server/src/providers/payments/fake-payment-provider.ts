import { randomBytes } from 'node:crypto';
import type { CreateOrderInput, PaymentProvider, ProviderOrder } from './payment-provider';
import { checkoutSignature } from './signature';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Razorpay-shaped ids (`order_…`, `pay_…`), marked as fake so they never pass for real ones. */
export function fakeId(prefix: 'order' | 'pay' | 'evt'): string {
  const bytes = randomBytes(14);
  const tail = Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
  return `${prefix}_fake${tail}`;
}

export const FAKE_KEY_ID = 'rzp_test_quizcast_fake';

/**
 * The local stand-in for Razorpay (default outside production): orders are created locally, and the
 * fake gateway signs its payments with the key secret exactly as Razorpay does, so the server's
 * verification runs the same code for both providers.
 */
export class FakePaymentProvider implements PaymentProvider {
  readonly name = 'fake' as const;
  readonly keyId = FAKE_KEY_ID;
  readonly keySecret: string;
  readonly webhookSecret: string;

  constructor(options: { keySecret: string; webhookSecret: string }) {
    this.keySecret = options.keySecret;
    this.webhookSecret = options.webhookSecret;
  }

  async createOrder(input: CreateOrderInput): Promise<ProviderOrder> {
    return { id: fakeId('order'), amount: input.amount, currency: input.currency };
  }

  /** What the gateway hands the checkout's success handler for a payment of this order. */
  signPayment(orderId: string): { paymentId: string; signature: string } {
    const paymentId = fakeId('pay');
    return { paymentId, signature: checkoutSignature(orderId, paymentId, this.keySecret) };
  }
}
