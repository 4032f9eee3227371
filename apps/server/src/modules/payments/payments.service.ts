import type { FastifyBaseLogger } from 'fastify';
import { createHash, randomUUID } from 'node:crypto';
import { CURRENCY } from '@quizcast/contract/constants';
import { gstPaise, priceWithGstPaise } from '@quizcast/contract/domain/price';
import {
  PAYMENT_MESSAGES,
  razorpayWebhookEventSchema,
  rupeesToPaise,
  type CheckoutSuccess,
  type CreateOrderBody,
  type CreateOrderResponse,
  type PaymentListResponse,
  type PaymentStatusResponse,
  type RazorpayWebhookEvent,
  type VerifyPaymentBody,
  type VerifyPaymentResponse,
  type WebhookResponse,
} from '@quizcast/contract/schemas/payment';
import type { Clock } from '../../lib/clock';
import { withTimeout } from '../../lib/timeout';
import { badGateway, badRequest, conflict, HttpError, notAcceptable, notFound } from '../../lib/http-error';
import { FakePaymentProvider, fakeId } from '../../providers/payments/fake-payment-provider';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import {
  isValidCheckoutSignature,
  isValidWebhookSignature,
  webhookSignature,
} from '../../providers/payments/signature';
import type { UserRow } from '../students/student.repository';
import type { PaymentsRepository, PaymentRow } from './payments.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * How long the fake gateway waits before sending its signed `payment.captured` webhook for a paid
 * order that the checkout callback never verified (like Razorpay's webhook arriving after a dropped
 * browser). Long enough that the normal flow always verifies first.
 */
export const FAKE_CAPTURE_WEBHOOK_DELAY_MS = 30_000;

/** A pending order is first asked about this long after it was created (checkout and webhook first). */
export const RECONCILE_AFTER_MS = 2 * 60_000;
/** …and then at most this often. */
export const RECONCILE_EVERY_MS = 2 * 60_000;
/** Orders asked about per sweep (each is one gateway call). */
const RECONCILE_BATCH = 20;

type WebhookOutcome = WebhookResponse['status'];

/**
 * Payment rules the server owns: the price is the server's (quiz price + 18% GST), a quiz unlocks
 * only from a verified checkout signature or a signed webhook, and a success is never undone.
 */
export class PaymentsService {
  private readonly repo: PaymentsRepository;

  constructor(
    repo: PaymentsRepository,
    private readonly provider: PaymentProvider,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    /** A pending order with no captured payment this long after creation is marked failed. */
    private readonly pendingExpiryMs = 24 * 60 * 60_000,
    /** Deadline of every gateway call. */
    private readonly gatewayTimeoutMs = 15_000,
  ) {
    this.repo = repo;
  }

  /**
   * Sweeper task: settle pending orders the browser and the webhook never settled. The gateway is
   * asked whether the order was paid: captured (for the right amount) → success, so money taken
   * always unlocks the quiz; nothing captured after `pendingExpiryMs` → failed (a later capture
   * webhook still turns it into a success). Where the gateway cannot be asked, stale orders expire.
   * Safe on several instances: every update is conditional, asking twice is harmless.
   */
  async reconcilePending(now: Date): Promise<number> {
    const expiresBefore = new Date(now.getTime() - this.pendingExpiryMs);
    const provider = this.provider;
    if (!provider.findCapturedPayment) return this.repo.expirePending(provider.name, expiresBefore, now);
    const due = await this.repo.findPendingToReconcile({
      provider: provider.name,
      createdBefore: new Date(now.getTime() - RECONCILE_AFTER_MS),
      checkedBefore: new Date(now.getTime() - RECONCILE_EVERY_MS),
      limit: RECONCILE_BATCH,
    });
    let settled = 0;
    for (const row of due) {
      let captured;
      try {
        captured = await this.gateway(provider.findCapturedPayment(row.orderId), 'find a captured payment');
      } catch (err) {
        this.log.warn({ err, orderId: row.orderId }, 'could not ask the gateway about a pending order');
        await this.repo.markChecked(row.id, now);
        continue;
      }
      if (captured && this.amountMatches(row, captured.amount, captured.currency)) {
        if (await this.repo.markSuccess(row.id, captured.id, now)) {
          settled += 1;
          this.log.info({ orderId: row.orderId }, 'pending order settled from the gateway: paid');
        }
      } else if (row.createdAt.getTime() <= expiresBefore.getTime()) {
        if (await this.repo.markFailedIfPending(row.id, null, now)) settled += 1;
      } else {
        await this.repo.markChecked(row.id, now);
      }
    }
    return settled;
  }

  async createOrder(user: UserRow, body: CreateOrderBody): Promise<CreateOrderResponse> {
    if (body.currency !== CURRENCY) throw badRequest(PAYMENT_MESSAGES.currencyNotSupported);
    if (body.userId !== undefined && body.userId !== user.id)
      throw badRequest('userId must be the signed-in user');

    const quiz = await this.repo.findQuiz(body.quizId);
    if (!quiz || !quiz.published) throw notFound(PAYMENT_MESSAGES.quizNotFound);
    if (quiz.pricePaise === 0) throw conflict(PAYMENT_MESSAGES.alreadyUnlocked);
    if (quiz.endAt.getTime() <= this.clock.now().getTime()) throw notAcceptable(PAYMENT_MESSAGES.quizEnded);

    const basePaise = quiz.pricePaise;
    const totalPaise = priceWithGstPaise(basePaise);
    if (rupeesToPaise(body.amount) !== totalPaise) throw badRequest(PAYMENT_MESSAGES.amountMismatch);

    // Settled or reusable without asking the gateway (two taps on Pay share one order).
    const existing = await this.existingOrder(user.id, quiz.id, totalPaise);
    if (existing) return this.orderResponse(existing);

    // The gateway is called outside any transaction, with a deadline, so a slow gateway holds no
    // row lock and no pool connection. The receipt is the id our record will carry: the order and
    // the record are matched by it (Razorpay shows it on the order), whichever request wins below.
    const id = randomUUID();
    let order;
    try {
      order = await this.gateway(
        this.provider.createOrder({
          amount: totalPaise,
          currency: CURRENCY,
          receipt: id,
          notes: { quizId: quiz.id, userId: user.id },
        }),
        'create an order',
      );
    } catch (err) {
      this.log.error({ err, provider: this.provider.name }, 'payment provider could not create an order');
      throw badGateway(PAYMENT_MESSAGES.orderFailed);
    }
    if (order.amount !== totalPaise || order.currency !== CURRENCY) {
      this.log.error({ order, totalPaise }, 'payment provider returned an order for another amount');
      throw badGateway(PAYMENT_MESSAGES.orderFailed);
    }

    const row = await this.repo.transaction(async (tx) => {
      // One writer per user at a time: of two concurrent taps, the second finds the first's order
      // (its own gateway order stays unpaid and expires at the gateway).
      await tx.lockUser(user.id);
      if (await tx.hasSuccessfulPayment(user.id, quiz.id)) throw conflict(PAYMENT_MESSAGES.alreadyUnlocked);
      const pending = await tx.findPendingOrder(user.id, quiz.id, totalPaise, this.provider.name);
      if (pending) return pending;
      const now = this.clock.now();
      return tx.insert({
        id,
        userId: user.id,
        quizId: quiz.id,
        provider: this.provider.name,
        orderId: order.id,
        basePaise,
        gstPaise: gstPaise(basePaise),
        amountPaise: totalPaise,
        currency: CURRENCY,
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      });
    });

    return this.orderResponse(row);
  }

  /** A success (409) or a pending order to reuse, read without locks or a transaction. */
  private async existingOrder(userId: string, quizId: string, totalPaise: number) {
    if (await this.repo.hasSuccessfulPayment(userId, quizId))
      throw conflict(PAYMENT_MESSAGES.alreadyUnlocked);
    return this.repo.findPendingOrder(userId, quizId, totalPaise, this.provider.name);
  }

  /** Every gateway call has a deadline (OUTBOUND_TIMEOUT_MS). */
  private gateway<T>(call: Promise<T>, what: string): Promise<T> {
    return withTimeout(call, this.gatewayTimeoutMs, `the payment gateway (${what})`);
  }

  private orderResponse(row: PaymentRow): CreateOrderResponse {
    return {
      order: { id: row.orderId, amount: row.amountPaise, currency: row.currency },
      paymentId: row.id,
      keyId: this.provider.keyId,
      provider: this.provider.name,
      basePaise: row.basePaise,
      gstPaise: row.gstPaise,
    };
  }

  /**
   * Checkout callback: the HMAC is computed over the **stored** order id (looked up for this user)
   * and the payment id, with the key secret, and compared in constant time. Verifying twice is harmless.
   */
  async verify(user: UserRow, body: VerifyPaymentBody): Promise<VerifyPaymentResponse> {
    const row = await this.repo.findByOrderId(body.orderId);
    const refuse = (reason: string) => {
      this.log.warn({ userId: user.id, orderId: body.orderId, reason }, 'payment verification refused');
      return badRequest(PAYMENT_MESSAGES.verificationFailed);
    };
    if (!row || row.userId !== user.id) throw refuse('no such order for this user');
    if (row.quizId !== body.quizId) throw refuse('quiz does not match the order');
    if (rupeesToPaise(body.amount) !== row.amountPaise) throw badRequest(PAYMENT_MESSAGES.amountMismatch);
    if (!isValidCheckoutSignature(row.orderId, body.paymentId, body.signature, this.provider.keySecret))
      throw refuse('bad signature');

    if (row.status !== 'success') {
      await this.repo.markSuccess(row.id, body.paymentId, this.clock.now());
      this.log.info({ paymentId: row.id, orderId: row.orderId }, 'payment verified; quiz unlocked');
    }
    return { status: 'success', message: PAYMENT_MESSAGES.verified };
  }

  async status(user: UserRow, paymentId: string): Promise<PaymentStatusResponse> {
    const row = UUID.test(paymentId) ? await this.repo.findById(paymentId) : undefined;
    if (!row || row.userId !== user.id) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    return { payment: { id: row.id, status: row.status, quizId: row.quizId } };
  }

  async list(user: UserRow): Promise<PaymentListResponse> {
    const rows = await this.repo.listForUser(user.id);
    return {
      payments: rows.map(({ payment, quizName }) => ({
        _id: payment.id,
        quizId: payment.quizId,
        quizName,
        orderId: payment.orderId,
        providerPaymentId: payment.providerPaymentId,
        basePaise: payment.basePaise,
        gstPaise: payment.gstPaise,
        amountPaise: payment.amountPaise,
        currency: payment.currency,
        status: payment.status,
        createdAt: payment.createdAt.toISOString(),
        updatedAt: payment.updatedAt.toISOString(),
      })),
    };
  }

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
        if (!this.amountMatches(row, payment.amount, payment.currency)) return ignore('amount mismatch');
        await tx.markSuccess(row.id, payment.id, now);
        return 'processed';
      }
      case 'order.paid': {
        if (!order) return ignore('no order entity');
        const row = await tx.findByOrderId(order.id);
        if (!row) return ignore('unknown order');
        if (!this.amountMatches(row, order.amount_paid ?? order.amount, order.currency))
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

  private amountMatches(row: PaymentRow, amountPaise: number, currency: string): boolean {
    const ok = amountPaise === row.amountPaise && currency === row.currency;
    if (!ok)
      this.log.warn({ orderId: row.orderId, amountPaise, currency }, 'webhook amount differs from order');
    return ok;
  }

  // ---- The fake gateway (PAYMENT_PROVIDER=fake only) ------------------------------------------

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
    return this.handleWebhook(body, webhookSignature(body, provider.webhookSecret), eventId);
  }
}
