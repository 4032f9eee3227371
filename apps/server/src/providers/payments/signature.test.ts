import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils';
import {
  checkoutSignature,
  isValidCheckoutSignature,
  isValidWebhookSignature,
  webhookSignature,
} from './signature';

/** Deterministic-enough generated vectors: ids and secrets shaped like Razorpay's, bodies of any size. */
function id(prefix: string): string {
  return `${prefix}_${randomBytes(10).toString('base64url').slice(0, 14)}`;
}
function variants(signature: string): string[] {
  const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
  return [
    signature,
    flipped,
    signature.toUpperCase(),
    signature.slice(0, -2),
    `${signature}00`,
    '',
    'not-a-signature',
    `${signature.slice(0, 32)}é${signature.slice(33)}`,
  ];
}

describe("our signature checks agree with the official razorpay package's", () => {
  it('checkout signatures (order_id|payment_id with the key secret)', () => {
    for (let i = 0; i < 40; i += 1) {
      const orderId = id('order');
      const paymentId = id('pay');
      const secret = randomBytes(12 + (i % 20)).toString('base64url');
      const ours = checkoutSignature(orderId, paymentId, secret);
      const wrongSecret = checkoutSignature(orderId, paymentId, `${secret}x`);
      const swappedOrder = checkoutSignature(id('order'), paymentId, secret);
      for (const candidate of [...variants(ours), wrongSecret, swappedOrder]) {
        const official = validatePaymentVerification(
          { order_id: orderId, payment_id: paymentId },
          candidate,
          secret,
        );
        expect(isValidCheckoutSignature(orderId, paymentId, candidate, secret)).toBe(official);
      }
      // And the genuine one is accepted by both.
      expect(validatePaymentVerification({ order_id: orderId, payment_id: paymentId }, ours, secret)).toBe(
        true,
      );
    }
  });

  it('webhook signatures (raw body with the webhook secret)', () => {
    for (let i = 0; i < 40; i += 1) {
      const body = JSON.stringify({
        entity: 'event',
        event: i % 2 ? 'payment.captured' : 'payment.failed',
        payload: { payment: { entity: { id: id('pay'), order_id: id('order'), amount: 1180 + i } } },
        note: randomBytes(i * 7).toString('base64'),
        unicode: 'पेमेंट ✓',
      });
      const secret = randomBytes(16).toString('hex');
      const ours = webhookSignature(body, secret);
      const reformatted = webhookSignature(JSON.stringify(JSON.parse(body), null, 1), secret);
      for (const candidate of [...variants(ours), reformatted, webhookSignature(body, `${secret}!`)]) {
        const official = validateWebhookSignature(body, candidate, secret);
        expect(isValidWebhookSignature(Buffer.from(body), candidate, secret)).toBe(official);
        expect(isValidWebhookSignature(body, candidate, secret)).toBe(official);
      }
      expect(validateWebhookSignature(body, ours, secret)).toBe(true);
    }
  });
});
