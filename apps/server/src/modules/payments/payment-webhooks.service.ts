import type { FastifyBaseLogger } from 'fastify';
import { createHash } from 'node:crypto';
import { razorpayWebhookEventSchema, type RazorpayWebhookEvent } from '@quizcast/contract/schemas/payment';
import type { Clock } from '../../lib/clock';
import { badRequest, HttpError } from '../../lib/http-error';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import { isValidWebhookSignature } from '../../providers/payments/signature';
import { amountMatches, type WebhookOutcome } from './payment-checks';
import type { PaymentsRepository } from './payments.repository';

/** The gateway's signed webhooks: a captured or paid order unlocks its quiz, a failed one is marked failed. */
export class PaymentWebhooksService {
  constructor(
    private readonly repo: PaymentsRepository,
    private readonly provider: PaymentProvider,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Razorpay webhook: the signature is checked over the raw body before anything is parsed; each
   * event id is handled once (the id is recorded in the same transaction as its effect, so a failed
   * attempt is retried by Razorpay and a replay changes nothing).
   */
  async handleWebhook(
    rawBody: Buffer,
    signature: string | undefined,
    eventIdHeader: string | undefined,
  ): Promise<WebhookOutcome> {
    const secret = this.provider.webhookSecret;
    if (!secret) throw new HttpError(503, 'Webhooks are not configured');
    if (!signature || !isValidWebhookSignature(rawBody, signature, secret)) {
      this.log.warn('webhook with a bad signature refused');
      throw badRequest('Invalid webhook signature');
    }
    let event: RazorpayWebhookEvent;
    try {
      event = razorpayWebhookEventSchema.parse(JSON.parse(rawBody.toString('utf8')));
    } catch {
      throw badRequest('Invalid webhook payload');
    }
    const eventId = eventIdHeader?.trim() || `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
    const now = this.clock.now();

    return this.repo.transaction(async (tx) => {
      if (!(await tx.recordWebhookEvent(eventId.slice(0, 200), event.event, now))) return 'duplicate';
      return this.applyEvent(tx, event, now);
    });
  }

  private async applyEvent(
    tx: PaymentsRepository,
    event: RazorpayWebhookEvent,
    now: Date,
  ): Promise<WebhookOutcome> {
    const payment = event.payload.payment?.entity;
    const order = event.payload.order?.entity;
    const ignore = (reason: string): WebhookOutcome => {
      this.log.info(
        { event: event.event, orderId: payment?.order_id ?? order?.id, reason },
        'webhook ignored',
      );
      return 'ignored';
    };

    switch (event.event) {
      case 'payment.captured': {
        if (!payment?.order_id) return ignore('no order id');
        const row = await tx.findByOrderId(payment.order_id);
        if (!row) return ignore('unknown order');
        if (!amountMatches(row, payment.amount, payment.currency, this.log)) return ignore('amount mismatch');
        await tx.markSuccess(row.id, payment.id, now);
        return 'processed';
      }
      case 'order.paid': {
        if (!order) return ignore('no order entity');
        const row = await tx.findByOrderId(order.id);
        if (!row) return ignore('unknown order');
        if (!amountMatches(row, order.amount_paid ?? order.amount, order.currency, this.log))
          return ignore('amount mismatch');
        await tx.markSuccess(row.id, payment?.id ?? null, now);
        return 'processed';
      }
      case 'payment.failed': {
        if (!payment?.order_id) return ignore('no order id');
        const row = await tx.findByOrderId(payment.order_id);
        if (!row) return ignore('unknown order');
        await tx.markFailedIfPending(row.id, payment.id, now);
        return 'processed';
      }
      default:
        return ignore('event not used');
    }
  }
}
