import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { API_PREFIX } from '@quizcast/contract/routes';
import { apiDocsEnabled, type AppConfig } from './config';
import type { Database, Db } from './db/client';
import { systemClock, type Clock } from './lib/clock';
import { Sweeper } from './jobs/sweeper';
import { RequestRate } from './lib/pacer';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { authoringRoutes } from './modules/authoring/authoring.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { devRoutes } from './modules/dev/dev.routes';
import { fileRoutes } from './modules/files/files.routes';
import { healthRoutes } from './modules/health/health.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { practiceRoutes } from './modules/practice/practice.routes';
import { createPaymentProvider } from './providers/payments/create-payment-provider';
import type { PaymentProvider } from './providers/payments/payment-provider';
import { questionAudioRoutes } from './modules/question-audio/question-audio.routes';
import { participantQuizRoutes } from './modules/quizzes/quiz.routes';
import { finishAnalysis } from './modules/results/publication';
import { quizParticipantsRoutes } from './modules/quiz-participants/quiz-participants.routes';
import { quizTimeOverridesRoutes } from './modules/quiz-time-overrides/quiz-time-overrides.routes';
import { posterTemplateRoutes } from './modules/results/poster-template.routes';
import { resultsRoutes } from './modules/results/results.routes';
import { publishedQuizKey } from './modules/results/results.service';
import { reviewRoutes } from './modules/review/review.routes';
import { streakRoutes } from './modules/streak/streak.routes';
import { studentDirectoryRoutes } from './modules/students/student-directory.routes';
import { studentRoutes } from './modules/students/student.routes';
import { createSmsProvider } from './providers/sms/create-sms-provider';
import type { SmsProvider } from './providers/sms/sms-provider';
import { generateOtpCode } from './modules/auth/otp.service';
import { createPushSender, startDevPushStandIn } from './providers/push/create-push-sender';
import type { PushSender } from './providers/push/push-sender';
import type { PushServiceStandIn } from './providers/push/push-stand-in';
import { remindersRoutes } from './modules/reminders/reminders.routes';
import { createStorage } from './providers/storage/create-storage';
import type { FileStorage } from './providers/storage/storage';
import { createSessions } from './modules/auth/sessions';
import { registerAuth } from './plugins/auth';
import { registerCompression } from './plugins/compression';
import { registerCaches } from './plugins/caches';
import { registerErrorHandling } from './plugins/error-handler';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';
import { AvatarUrls } from './modules/files/avatar-url';
import { checkpointIfDue } from './db/pglite-checkpoint';
import { challengePageRoutes } from './modules/challenges/challenge-page.routes';
import { challengeRoutes, createChallengeService } from './modules/challenges/challenge.routes';

export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  /** A streaming replica (DATABASE_READ_URL) for settled results-day reads; absent without one. */
  readDb?: Db;
  clock: Clock;
  storage: FileStorage;
  /** The payment gateway chosen once from config (fake by default outside production). */
  payments: PaymentProvider;
  sms: SmsProvider;
  /** Draws each OTP (the OS CSPRNG; tests that need two codes to differ give their own). */
  otpCodes: () => string;
  /** Web push (issue 28); null when this server has no VAPID keys (production without them). */
  push: PushSender | null;
  /** Development's loopback push service (PUSH_STAND_IN; ADR 025), which `push` can reach. */
  pushStandIn: PushServiceStandIn | null;
  /** Signed, expiring avatar URLs (ADR 015): `<img>` sends no token, so the URL carries the permission. */
  avatarUrls: AvatarUrls;
  /** Requests this instance started over the last second: background work paces itself by it. */
  requestRate: RequestRate;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Periodic idempotent jobs; main starts it, tests call `app.sweeper.runOnce()`. */
    sweeper: Sweeper;
  }
}

export interface AppDeps {
  database: Database;
  /** A read replica of `database` (DATABASE_READ_URL); closed with the app when it owns the database. */
  readDatabase?: Database;
  clock?: Clock;
  storage?: FileStorage;
  /** Tests may pass a provider (e.g. Razorpay's SDK pointed at a local stub). */
  payments?: PaymentProvider;
  /** Tests may inject an SMS provider; otherwise SMS_PROVIDER chooses. */
  sms?: SmsProvider;
  /** Tests may say which OTPs the app draws; otherwise 6 random digits from the CSPRNG. */
  otpCodes?: () => string;
  /** Tests inject a sender that trusts the loopback push-service stand-in; null turns push off. */
  push?: PushSender | null;
  /** Close the database when the app closes (main does; tests sharing a database may not). */
  ownsDatabase?: boolean;
  /** Sees every route as declared, before any plugin changes it (tests that walk every route). */
  onRoute?: (route: RouteOptions) => void;
}

/** Razorpay checkout's origins (script, its iframe, its telemetry), allowed only with that provider. */
const RAZORPAY_CSP = {
  script: ['https://checkout.razorpay.com', 'https://cdn.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connect: [
    'https://api.razorpay.com',
    'https://lumberjack.razorpay.com',
    'https://lumberjack-metrics.razorpay.com',
  ],
  img: ['https://cdn.razorpay.com'],
};

/** Content-Security-Policy: own origin only; later features add their own origins here. */
function cspDirectives(config: AppConfig) {
  const razorpay = config.PAYMENT_PROVIDER === 'razorpay';
  const add = (list: string[]) => (razorpay ? list : []);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...add(RAZORPAY_CSP.script)],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...add(RAZORPAY_CSP.img)],
    mediaSrc: ["'self'", 'blob:'],
    connectSrc: ["'self'", ...add(RAZORPAY_CSP.connect)],
    fontSrc: ["'self'", 'data:'],
    frameSrc: ["'self'", ...add(RAZORPAY_CSP.frame)],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
    upgradeInsecureRequests: null,
  };
}

function bufferedStdout() {
  const stream = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => {
    try {
      stream.flush();
    } catch {
      /* closed at exit, or a flush already under way */
    }
  }, 1000).unref();
  return stream;
}

export async function buildApp(config: AppConfig, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            ...(config.NODE_ENV === 'development' && process.stdout.isTTY
              ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }
              : // Buffered writes (4 KiB at a time, at least every second, flushed on exit): one
                // write per request line cost a system call each under load.
                { stream: bufferedStdout() }),
          },
    // Our own id for every request: a client's x-request-id is never trusted (it would let a caller
    // forge or collide log lines); the id goes back in the x-request-id response header.
    genReqId: () => randomUUID(),
    // ADR 015: a hop count trusts only the last N proxies; a list only those addresses/CIDRs.
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.TRUST_PROXY)
        : config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  const clock = deps.clock ?? systemClock;
  const pushStandIn = deps.push === undefined ? await startDevPushStandIn(config, app.log) : null;
  const seeRoute = deps.onRoute;
  if (seeRoute) app.addHook('onRoute', (route) => seeRoute({ ...route }));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', {
    config,
    database: deps.database,
    db: deps.database.db,
    readDb: deps.readDatabase?.db,
    clock,
    payments: deps.payments ?? createPaymentProvider(config),
    storage: deps.storage ?? (await createStorage(config)),
    sms: deps.sms ?? createSmsProvider(config, app.log, clock),
    otpCodes: deps.otpCodes ?? generateOtpCode,
    push:
      deps.push === undefined
        ? createPushSender(config, pushStandIn ? [pushStandIn.cert] : undefined)
        : deps.push,
    pushStandIn,
    avatarUrls: new AvatarUrls(config.jwtSecret, clock),
    requestRate: new RequestRate(),
  });
  app.decorate('sweeper', new Sweeper(() => clock.now(), app.log, config.SWEEP_TASK_TIMEOUT_SECONDS * 1000));
  if (deps.database.kind === 'pglite') {
    // Single-user PostgreSQL never checkpoints on its own while open (db/pglite-checkpoint.ts).
    app.sweeper.add('pglite-checkpoint', async () => {
      await checkpointIfDue(deps.database.db);
    });
  }
  app.addHook('onClose', async () => {
    await app.sweeper.stop();
    // A sender the app made is the app's to stop (an injected one is its test's).
    if (deps.push === undefined) await app.ctx.push?.close?.();
    await pushStandIn?.close();
    if (deps.ownsDatabase) await Promise.all([deps.database.close(), deps.readDatabase?.close()]);
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onRequest', (_request, _reply, done) => {
    app.ctx.requestRate.mark();
    done();
  });

  registerErrorHandling(app);
  registerCaches(app);
  registerAuth(app, createSessions(app));
  registerSecurityHeaders(app, {
    contentSecurityPolicy: { directives: cspDirectives(config) },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.NODE_ENV === 'production',
  });
  await registerCompression(app);
  await registerRateLimit(app, config);
  // Per-route limits are stricter (e.g. profile forms: one 2 MB photo); these are the ceilings.
  await app.register(fastifyMultipart, {
    limits: {
      fieldNameSize: 100,
      fieldSize: 10_000,
      fields: 50,
      files: 5,
      fileSize: 20 * 1024 * 1024,
      parts: 60,
    },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Quizcast API', version: '1.0.0', description: 'Generated from packages/contract.' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  if (apiDocsEnabled(config))
    await app.register(fastifySwaggerUi, { routePrefix: `${API_PREFIX}/docs`, staticCSP: true });

  // Challenge links (issue 28): the API below and the public page `/c/<code>` share one service.
  const challenges = createChallengeService(app.ctx.db);
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(devRoutes);
      await api.register(paymentsRoutes);
      await api.register(authRoutes);
      await api.register(studentRoutes);
      await api.register(fileRoutes);
      // Feature route plugins register here, one line each.
      await api.register(participantQuizRoutes);
      await api.register(questionAudioRoutes);
      await api.register(resultsRoutes);
      await api.register(posterTemplateRoutes);
      // Issue 14. A key correction finishes the publication pipeline's analysis first (results owns
      // it), and afterwards every instance forgets its copy of the quiz's questions.
      await api.register(analyticsRoutes, {
        finishAnalysis,
        onKeyCorrected: (quizId) =>
          app.caches.bus
            .publish(publishedQuizKey(quizId))
            .catch((err: unknown) => app.log.warn({ err, quizId }, 'announcing a key correction failed')),
      });
      await api.register(reviewRoutes);
      await api.register(streakRoutes);
      // After results: each sweep publishes results before any reminder is pushed.
      await api.register(remindersRoutes);
      await api.register(practiceRoutes);
      await api.register(challengeRoutes, { service: challenges });
      await api.register(authoringRoutes);
      await api.register(quizParticipantsRoutes);
      await api.register(quizTimeOverridesRoutes);
      await api.register(studentDirectoryRoutes);
      await api.register(auditRoutes);
    },
    { prefix: API_PREFIX },
  );

  await app.register(challengePageRoutes, {
    service: challenges,
    webDist: config.WEB_DIST,
    publicOrigin: config.PUBLIC_ORIGIN,
  });
  await registerWebApp(app, config.WEB_DIST);
  return app;
}
