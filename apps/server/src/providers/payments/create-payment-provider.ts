import type { AppConfig } from '../../config';
import { FakePaymentProvider } from './fake-payment-provider';
import { deriveSecret, type PaymentProvider } from './payment-provider';
import { RazorpayPaymentProvider } from './razorpay-payment-provider';

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
