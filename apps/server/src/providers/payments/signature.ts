import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Razorpay's two signatures, computed exactly as Razorpay does, and checked in constant time.
 * One copy for both providers: the fake gateway signs with these and the server verifies with these.
 */

/** Hex HMAC-SHA256 of `${orderId}|${paymentId}` with the key secret (checkout `razorpay_signature`). */
export function checkoutSignature(orderId: string, paymentId: string, keySecret: string): string {
  return createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');
}

/** Hex HMAC-SHA256 of the raw webhook body with the webhook secret (`X-Razorpay-Signature`). */
export function webhookSignature(rawBody: Buffer | string, webhookSecret: string): string {
  return createHmac('sha256', webhookSecret).update(rawBody).digest('hex');
}

/** Constant-time, exact comparison of the expected lowercase hex digest with the given one. */
function sameDigest(expectedHex: string, givenHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'utf8');
  const given = Buffer.from(givenHex, 'utf8');
  return given.length === expected.length && timingSafeEqual(expected, given);
}

/** The stored order id is what gets signed over: a client cannot swap in another order. */
export function isValidCheckoutSignature(
  storedOrderId: string,
  paymentId: string,
  signature: string,
  keySecret: string,
): boolean {
  return sameDigest(checkoutSignature(storedOrderId, paymentId, keySecret), signature);
}

export function isValidWebhookSignature(
  rawBody: Buffer | string,
  signature: string,
  webhookSecret: string,
): boolean {
  return sameDigest(webhookSignature(rawBody, webhookSecret), signature);
}
