import type { CheckoutSuccess, RazorpayWebhookEvent } from '@quizcast/contract/schemas/payment';
import type { Clock } from '../../lib/clock';
import { conflict, notFound } from '../../lib/http-error';
import { FakePaymentProvider, fakeId } from '../../providers/payments/fake-payment-provider';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import { webhookSignature } from '../../providers/payments/signature';
import type { WebhookOutcome } from './payment-checks';
import type { PaymentWebhooksService } from './payment-webhooks.service';
import type { PaymentRow, PaymentsRepository } from './payments.repository';

/**
 * How long the fake gateway waits before sending its signed `payment.captured` webhook for a paid
 * order that the checkout callback never verified (like Razorpay's webhook arriving after a dropped
 * browser). Long enough that the normal flow always verifies first.
 */
export const FAKE_CAPTURE_WEBHOOK_DELAY_MS = 30_000;

/**
 * The fake gateway (PAYMENT_PROVIDER=fake only): its checkout's pay and fail buttons, and the
 * signed webhooks it sends like Razorpay, through the same webhook handler.
 */
export class FakeGatewayService {
  constructor(
    private readonly repo: PaymentsRepository,
    private readonly provider: PaymentProvider,
    private readonly clock: Clock,
    private readonly webhooks: PaymentWebhooksService,
  ) {}

  private fakeProvider(): FakePaymentProvider {
    if (!(this.provider instanceof FakePaymentProvider)) throw notFound('Not found');
    return this.provider;
  }

  private async fakeOrder(orderId: string): Promise<PaymentRow> {
    const row = await this.repo.findByOrderId(orderId);
    if (!row || row.provider !== 'fake') throw notFound('Order not found');
    if (row.status === 'success') throw conflict('Order already paid');
    return row;
  }

  /** Pay: the gateway takes the payment and signs it for the checkout's success handler. */
  async fakePay(orderId: string): Promise<CheckoutSuccess> {
    const provider = this.fakeProvider();
    const row = await this.fakeOrder(orderId);
    const { paymentId, signature } = provider.signPayment(row.orderId);
    await this.repo.recordGatewayPayment(row.id, paymentId, this.clock.now());
    return { razorpay_payment_id: paymentId, razorpay_order_id: row.orderId, razorpay_signature: signature };
  }

  /** Fail: the gateway declines and sends its signed `payment.failed` webhook, as Razorpay does. */
  async fakeFail(orderId: string) {
    const provider = this.fakeProvider();
    const row = await this.fakeOrder(orderId);
    const paymentId = fakeId('pay');
    await this.deliverFakeWebhook(provider, fakeId('evt'), {
      event: 'payment.failed',
      payload: {
        payment: {
          entity: {
            id: paymentId,
            order_id: row.orderId,
            amount: row.amountPaise,
            currency: row.currency,
            status: 'failed',
          },
        },
      },
    });
    return {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'Payment failed',
        source: 'customer',
        step: 'payment_authorization',
        reason: 'payment_failed',
        metadata: { payment_id: paymentId, order_id: row.orderId },
      },
    };
  }

  /**
   * Sweeper task: for fake payments taken but never verified (the browser dropped before the
   * callback), send the signed `payment.captured` webhook a little later, as Razorpay would.
   * Safe on many instances: the event id is fixed per payment, so only one delivery takes effect.
   */
  async deliverFakeCaptures(now: Date): Promise<number> {
    if (!(this.provider instanceof FakePaymentProvider)) return 0;
    const rows = await this.repo.findFakeAwaitingCapture(
      new Date(now.getTime() - FAKE_CAPTURE_WEBHOOK_DELAY_MS),
    );
    for (const row of rows) {
      await this.deliverFakeWebhook(this.provider, `evt_fake_capture_${row.providerPaymentId}`, {
        event: 'payment.captured',
        payload: {
          payment: {
            entity: {
              id: row.providerPaymentId!,
              order_id: row.orderId,
              amount: row.amountPaise,
              currency: row.currency,
              status: 'captured',
            },
          },
        },
      });
    }
    return rows.length;
  }

  /** Through the same signature check and handler as Razorpay's own webhooks. */
  private async deliverFakeWebhook(
    provider: FakePaymentProvider,
    eventId: string,
    event: RazorpayWebhookEvent,
  ): Promise<WebhookOutcome> {
    const body = Buffer.from(
      JSON.stringify({
        entity: 'event',
        ...event,
        created_at: Math.floor(this.clock.now().getTime() / 1000),
      }),
    );
    return this.webhooks.handleWebhook(body, webhookSignature(body, provider.webhookSecret), eventId);
  }
}
