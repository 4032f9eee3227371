import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@quizcast/contract/errors';
import { API_PATHS } from '@quizcast/contract/routes';
import {
  createOrderBodySchema,
  createOrderResponseSchema,
  fakeFailResponseSchema,
  fakeGatewayBodySchema,
  fakePayResponseSchema,
  PAYMENT_MESSAGES,
  paymentListResponseSchema,
  paymentStatusResponseSchema,
  verifyPaymentBodySchema,
  verifyPaymentResponseSchema,
  webhookResponseSchema,
} from '@quizcast/contract/schemas/payment';
import { paymentIdParamSchema } from '@quizcast/contract/schemas/ids';
import { tooManyRequests } from '../../lib/http-error';
import { checkLimit } from '../../plugins/rate-limit';
import { requireLoopback } from '../../lib/loopback';
import { currentUser } from '../../plugins/auth';
import { PaymentsRepository } from './payments.repository';
import { CheckoutService } from './checkout.service';
import { FakeGatewayService } from './fake-gateway.service';
import { PaymentReconciliationService } from './payment-reconciliation.service';
import { PaymentWebhooksService } from './payment-webhooks.service';

const security = [{ bearerAuth: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema };
const WEBHOOK_BODY_LIMIT = 256 * 1024;
const HOUR_MS = 60 * 60 * 1000;

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, payments: provider, clock, config } = app.ctx;
  const repo = new PaymentsRepository(db);
  const log = app.log.child({ module: 'payments' });
  const checkout = new CheckoutService(repo, provider, clock, log, config.OUTBOUND_TIMEOUT_MS);
  const webhooks = new PaymentWebhooksService(repo, provider, clock, log);
  const reconciliation = new PaymentReconciliationService(
    repo,
    provider,
    log,
    config.PAYMENT_PENDING_EXPIRY_HOURS * 60 * 60_000,
    config.OUTBOUND_TIMEOUT_MS,
  );
  const fakeGateway = new FakeGatewayService(repo, provider, clock, webhooks);
  app.sweeper.add('reconcile-payments', (now) => reconciliation.reconcilePending(now));

  // Orders and verifications per learner per hour (each order is a call to the gateway); status
  // polling and the receipts list are cheap reads and are not limited.
  const limiter = app.createRateLimit({
    max: app.ctx.config.PAYMENT_LIMIT_PER_HOUR,
    timeWindow: HOUR_MS,
    keyGenerator: (request) => `payments:${currentUser(request).id}`,
  });
  const limited = [
    app.authenticate,
    async (request: FastifyRequest) => {
      const result = await checkLimit(app, limiter, request);
      if (!result.isAllowed && result.isExceeded)
        throw tooManyRequests(PAYMENT_MESSAGES.tooManyAttempts, result.ttlInSeconds);
    },
  ];

  app.post(
    API_PATHS.paymentsCreateOrder,
    {
      preHandler: limited,
      schema: {
        tags: ['payments'],
        summary: 'Create (or reuse a pending) order to unlock a paid quiz; amount in rupees (11.8)',
        security,
        body: createOrderBodySchema,
        response: {
          200: createOrderResponseSchema,
          ...errors,
          429: errorBodySchema,
          404: errorBodySchema,
          406: errorBodySchema,
          409: errorBodySchema,
          502: errorBodySchema,
        },
      },
    },
    async (request) => checkout.createOrder(currentUser(request), request.body),
  );

  app.post(
    API_PATHS.paymentsVerify,
    {
      preHandler: limited,
      schema: {
        tags: ['payments'],
        summary: 'Verify the checkout signature and unlock the quiz (idempotent)',
        security,
        body: verifyPaymentBodySchema,
        response: { 200: verifyPaymentResponseSchema, ...errors, 429: errorBodySchema },
      },
    },
    async (request) => checkout.verify(currentUser(request), request.body),
  );

  app.get(
    API_PATHS.paymentsStatus,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['payments'],
        summary: "A payment's status (pending, success, failed); only its owner may read it",
        security,
        params: paymentIdParamSchema,
        response: { 200: paymentStatusResponseSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => checkout.status(currentUser(request), request.params.paymentId),
  );

  app.get(
    API_PATHS.payments,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['payments'],
        summary: "The signed-in learner's payments and receipts (newest first, amounts in paise)",
        security,
        response: { 200: paymentListResponseSchema, 401: errorBodySchema },
      },
    },
    async (request) => checkout.list(currentUser(request)),
  );

  // The webhook reads its body raw (the signature covers the exact bytes), so it lives in its own
  // plugin whose content-type parsers apply to it alone.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(
      API_PATHS.paymentsWebhook,
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          tags: ['payments'],
          summary: 'Razorpay webhook: X-Razorpay-Signature over the raw body, deduplicated by event id',
          response: { 200: webhookResponseSchema, 400: errorBodySchema, 503: errorBodySchema },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = (name: string) => {
          const value = request.headers[name];
          return Array.isArray(value) ? value[0] : value;
        };
        const status = await webhooks.handleWebhook(
          body,
          header('x-razorpay-signature'),
          header('x-razorpay-event-id'),
        );
        return { status };
      },
    );
  });

  // The fake gateway signs whatever it is asked to: never in production, whatever the config says,
  // and only for requests from this machine (the socket's address, not a header).
  if (app.ctx.payments.name === 'fake' && app.ctx.config.NODE_ENV !== 'production') {
    app.post(
      API_PATHS.paymentsFakePay,
      {
        onRequest: requireLoopback,
        schema: {
          tags: ['payments'],
          summary:
            'Fake gateway (PAYMENT_PROVIDER=fake only): pay an order, get a Razorpay-style signed result',
          body: fakeGatewayBodySchema,
          response: {
            200: fakePayResponseSchema,
            403: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request) => fakeGateway.fakePay(request.body.orderId),
    );
    app.post(
      API_PATHS.paymentsFakeFail,
      {
        onRequest: requireLoopback,
        schema: {
          tags: ['payments'],
          summary: 'Fake gateway (PAYMENT_PROVIDER=fake only): decline an order and send payment.failed',
          body: fakeGatewayBodySchema,
          response: {
            200: fakeFailResponseSchema,
            403: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request) => fakeGateway.fakeFail(request.body.orderId),
    );
    app.sweeper.add('fake-payment-capture-webhooks', (now) => fakeGateway.deliverFakeCaptures(now));
  }
};
