import { z } from 'zod';

/**
 * Payments (spec sections 3, 4, 7; issue 6).
 *
 * Units, decided once:
 * - Request `amount` fields are in **rupees**, as the spec's client sends them (₹10 + 18% GST → `11.8`).
 *   The server computes the price itself and compares: any difference (or more than two decimals)
 *   is 400 "Amount mismatch". The client's figure is only a cross-check, never the charge.
 * - Response amounts are in **paise** (integers), as Razorpay's order entity has them
 *   (`order.amount: 1180`), so the order can go straight into the checkout options.
 */

export const PAYMENT_PROVIDERS = ['fake', 'razorpay'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export const PAYMENT_STATUSES = ['pending', 'success', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Where the client loads each provider's checkout script from (on demand, when paying). */
export const CHECKOUT_SCRIPT_URLS: Record<PaymentProviderName, string> = {
  fake: '/fake-checkout.js',
  razorpay: 'https://checkout.razorpay.com/v1/checkout.js',
};

export const PAYMENT_MESSAGES = {
  amountMismatch: 'Amount mismatch',
  alreadyUnlocked: 'Quiz already unlocked',
  verificationFailed: 'Payment verification failed',
  currencyNotSupported: 'Only INR payments are supported',
  quizNotFound: 'Quiz not found',
  quizEnded: 'This quiz has ended',
  paymentNotFound: 'Payment not found',
  orderFailed: "Couldn't create the payment order. Please try again.",
  verified: 'Payment verified. The quiz is unlocked.',
  tooManyAttempts: 'Too many payment attempts. Please try again in a while.',
} as const;

const rupees = z
  .number({ error: 'amount must be a number of rupees' })
  .positive('amount must be a number of rupees')
  .max(1_000_000, 'amount must be a number of rupees');

export const createOrderBodySchema = z.object({
  /** Rupees, e.g. 11.8 for ₹10 + 18% GST. */
  amount: rupees,
  currency: z.string({ error: 'currency is required' }).min(1, 'currency is required'),
  /** Optional cross-check: when present it must be the signed-in user. */
  userId: z.string().optional(),
  /** Checkout prefill only; never stored. */
  email: z.string().max(200).nullish(),
  contact: z.string().max(20).nullish(),
  description: z.string().max(200).nullish(),
  quizId: z.uuid({ error: 'quizId must be a quiz id' }),
});
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

export const orderSchema = z.object({
  id: z.string(),
  /** Paise. */
  amount: z.number().int(),
  currency: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

export const createOrderResponseSchema = z.object({
  order: orderSchema,
  /** Our payment record's id: poll `/payments/status/:paymentId` with it. */
  paymentId: z.string(),
  /** The key the checkout is opened with (Razorpay key id, or the fake provider's). */
  keyId: z.string(),
  /** Which checkout script to load (see CHECKOUT_SCRIPT_URLS). */
  provider: z.enum(PAYMENT_PROVIDERS),
  /** The server's price split, in paise, for the receipt shown before paying. */
  basePaise: z.number().int(),
  gstPaise: z.number().int(),
});
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;

export const verifyPaymentBodySchema = z.object({
  /** The order id from create-order (Razorpay's `razorpay_order_id`). */
  orderId: z.string({ error: 'orderId is required' }).min(1, 'orderId is required').max(100),
  /** The gateway's payment id (`razorpay_payment_id`). */
  paymentId: z.string({ error: 'paymentId is required' }).min(1, 'paymentId is required').max(100),
  /** `razorpay_signature`: hex HMAC-SHA256 of `order_id|payment_id` with the key secret. */
  signature: z.string({ error: 'signature is required' }).min(1, 'signature is required').max(256),
  /** Rupees, e.g. 11.8. */
  amount: rupees,
  quizId: z.uuid({ error: 'quizId must be a quiz id' }),
});
export type VerifyPaymentBody = z.infer<typeof verifyPaymentBodySchema>;

export const verifyPaymentResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
});
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponseSchema>;

export const paymentStatusResponseSchema = z.object({
  payment: z.object({
    id: z.string(),
    status: z.enum(PAYMENT_STATUSES),
    quizId: z.string(),
  }),
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponseSchema>;

/** One row of the learner's payments and receipts (`GET /payments`), amounts in paise. */
export const paymentReceiptSchema = z.object({
  _id: z.string(),
  quizId: z.string(),
  quizName: z.string(),
  orderId: z.string(),
  providerPaymentId: z.string().nullable(),
  basePaise: z.number().int(),
  gstPaise: z.number().int(),
  amountPaise: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PaymentReceipt = z.infer<typeof paymentReceiptSchema>;

export const paymentListResponseSchema = z.object({ payments: z.array(paymentReceiptSchema) });
export type PaymentListResponse = z.infer<typeof paymentListResponseSchema>;

export const webhookResponseSchema = z.object({
  status: z.enum(['processed', 'duplicate', 'ignored']),
});
export type WebhookResponse = z.infer<typeof webhookResponseSchema>;

/** The fake gateway (PAYMENT_PROVIDER=fake only): what `/fake-checkout.js` calls. */
export const fakeGatewayBodySchema = z.object({ orderId: z.string().min(1).max(100) });
export const fakePayResponseSchema = z.object({
  razorpay_payment_id: z.string(),
  razorpay_order_id: z.string(),
  razorpay_signature: z.string(),
});
export const fakeFailResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    description: z.string(),
    source: z.string(),
    step: z.string(),
    reason: z.string(),
    metadata: z.object({ payment_id: z.string(), order_id: z.string() }),
  }),
});

/** Razorpay's success callback payload (`options.handler`). */
export interface CheckoutSuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** Rupees as the spec's client sends them: 1180 paise → 11.8. */
export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/** Rupees → paise, or null when the figure has more than two decimals (never rounded into a match). */
export function rupeesToPaise(rupeesAmount: number): number | null {
  const paise = Math.round(rupeesAmount * 100);
  return Math.abs(rupeesAmount * 100 - paise) < 1e-6 ? paise : null;
}

/**
 * The parts of a Razorpay webhook event the server reads (payment.captured, order.paid,
 * payment.failed). Everything else in the body is kept but ignored.
 */
export const razorpayWebhookEventSchema = z.looseObject({
  event: z.string(),
  payload: z.looseObject({
    payment: z
      .looseObject({
        entity: z.looseObject({
          id: z.string(),
          order_id: z.string().nullish(),
          amount: z.number(),
          currency: z.string(),
          status: z.string().optional(),
        }),
      })
      .optional(),
    order: z
      .looseObject({
        entity: z.looseObject({
          id: z.string(),
          amount: z.number(),
          amount_paid: z.number().optional(),
          currency: z.string(),
          status: z.string().optional(),
        }),
      })
      .optional(),
  }),
});
export type RazorpayWebhookEvent = z.infer<typeof razorpayWebhookEventSchema>;
