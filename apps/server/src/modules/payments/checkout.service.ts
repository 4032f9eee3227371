import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import { CURRENCY } from '@quizcast/contract/constants';
import { gstPaise, priceWithGstPaise } from '@quizcast/contract/domain/price';
import {
  PAYMENT_MESSAGES,
  rupeesToPaise,
  type CreateOrderBody,
  type CreateOrderResponse,
  type PaymentListResponse,
  type PaymentStatusResponse,
  type VerifyPaymentBody,
  type VerifyPaymentResponse,
} from '@quizcast/contract/schemas/payment';
import type { Clock } from '../../lib/clock';
import { badGateway, badRequest, conflict, notAcceptable, notFound } from '../../lib/http-error';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import { isValidCheckoutSignature } from '../../providers/payments/signature';
import type { UserRow } from '../students/student.repository';
import { gatewayCall } from './payment-checks';
import type { PaymentRow, PaymentsRepository } from './payments.repository';

/**
 * A learner's payments: the price is the server's (quiz price + 18% GST), an order is created at
 * the gateway, a quiz unlocks only from a verified checkout signature (or a signed webhook:
 * payment-webhooks.service.ts), and a success is never undone. Also a payment's status and the
 * learner's receipts.
 */
export class CheckoutService {
  constructor(
    private readonly repo: PaymentsRepository,
    private readonly provider: PaymentProvider,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    /** Deadline of every gateway call. */
    private readonly gatewayTimeoutMs = 15_000,
  ) {}

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
      order = await gatewayCall(
        this.provider.createOrder({
          amount: totalPaise,
          currency: CURRENCY,
          receipt: id,
          notes: { quizId: quiz.id, userId: user.id },
        }),
        this.gatewayTimeoutMs,
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
    const row = await this.repo.findById(paymentId);
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
}
