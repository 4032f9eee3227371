import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorBodySchema } from '@quizcast/contract/errors';
import { buildApp } from '../src/app';
import { parseEnv, type AppConfig } from '../src/config';
import { otpChallenges, users } from '../src/db/schema';
import { ManualClock } from '../src/lib/clock';
import { ConsoleSms } from '../src/providers/sms/console-sms';
import { freshPhone, postSignup, profileFields, sendOtp } from './account-support';
import { buildTestApp, openTestDatabase, TEST_JWT_SECRET, testDatabaseKind, type TestApp } from './helpers';

/** A local HTTP server playing MSG91: records every request and answers as told. */
interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}
const received: Recorded[] = [];
let answer: { status: number; body: string } = { status: 200, body: '{"type":"success","message":"req-1"}' };
let gateway: Server;
let t: TestApp;

beforeAll(async () => {
  gateway = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString();
      received.push({
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: raw ? JSON.parse(raw) : null,
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const { port } = gateway.address() as AddressInfo;
  t = await buildTestApp({
    env: {
      SMS_PROVIDER: 'msg91',
      MSG91_AUTH_KEY: 'test-auth-key-123',
      MSG91_TEMPLATE_ID: 'tmpl-otp-42',
      MSG91_BASE_URL: `http://127.0.0.1:${port}`,
    },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => gateway.close(resolve));
});

const errorOf = (res: { json(): unknown }) => errorBodySchema.parse(res.json());

describe(`MSG91 SMS provider (${testDatabaseKind})`, () => {
  it('posts the code to the Flow API with the auth key; the delivered code signs the user up', async () => {
    answer = { status: 200, body: '{"type":"success","message":"3763646c3058373530393832"}' };
    received.length = 0;
    const phNo = freshPhone();
    const res = await sendOtp(t.app, 'signup', phNo);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'OTP sent successfully' });

    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/api/v5/flow');
    expect(request!.headers.authkey).toBe('test-auth-key-123');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.body).toEqual({
      template_id: 'tmpl-otp-42',
      short_url: '0',
      recipients: [{ mobiles: `91${phNo}`, otp: expect.stringMatching(/^[0-9]{6}$/) }],
    });

    const otp = (request!.body as { recipients: { otp: string }[] }).recipients[0]!.otp;
    const signup = await postSignup(t.app, { ...profileFields, phNo, otp });
    expect(signup.statusCode).toBe(201);
  });

  it.each([
    ['an HTTP error', { status: 500, body: 'upstream exploded' }],
    ['a refusal inside a 200', { status: 200, body: '{"type":"error","message":"Invalid template"}' }],
    ['an auth failure', { status: 401, body: '{"type":"error","message":"Authentication failure"}' }],
  ])('answers 502 "Failed to send OTP" on %s and leaves no usable code', async (_label, failure) => {
    answer = failure;
    received.length = 0;
    const phNo = freshPhone();
    const res = await sendOtp(t.app, 'signup', phNo);
    expect(res.statusCode).toBe(502);
    expect(errorOf(res)).toEqual({ statusCode: 502, message: 'Failed to send OTP', error: 'Bad Gateway' });
    expect(await t.db.select().from(otpChallenges).where(eq(otpChallenges.phNo, phNo))).toHaveLength(0);

    const sentCode = (received[0]!.body as { recipients: { otp: string }[] }).recipients[0]!.otp;
    const signup = await postSignup(t.app, { ...profileFields, phNo, otp: sentCode });
    expect(signup.statusCode).toBe(400);
    expect(errorOf(signup).message).toBe('Invalid OTP');
    expect(await t.db.select().from(users).where(eq(users.phNo, phNo))).toHaveLength(0);

    // No cooldown was started by the failed send: once the gateway recovers, a retry goes out at once.
    answer = { status: 200, body: '{"type":"success","message":"ok"}' };
    expect((await sendOtp(t.app, 'signup', phNo)).statusCode).toBe(200);
  });

  it('has no dev outbox with a real gateway', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?phNo=${freshPhone()}` });
    expect(res.statusCode).toBe(404);
  });
});

describe('SMS configuration', () => {
  it('refuses msg91 without its keys, and console in production', () => {
    expect(() => parseEnv({ SMS_PROVIDER: 'msg91' })).toThrow(/MSG91_AUTH_KEY[\s\S]*MSG91_TEMPLATE_ID/);
    expect(() => parseEnv({ NODE_ENV: 'production', SMS_PROVIDER: 'console' })).toThrow(
      /SMS_PROVIDER=console is a dev default/,
    );
  });

  it('never serves the dev outbox in production, even with a console provider', async () => {
    const database = await openTestDatabase();
    const clock = new ManualClock();
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
    const config: AppConfig = { ...env, NODE_ENV: 'production', jwtSecret: TEST_JWT_SECRET };
    const app = await buildApp(config, {
      database,
      clock,
      ownsDatabase: true,
      sms: new ConsoleSms(silentLog, clock),
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/dev/outbox?phNo=9876543210' });
      expect(res.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

const silentLog = {
  info: () => {},
  warn: () => {},
  error: () => {},
  debug: () => {},
  trace: () => {},
  fatal: () => {},
  child: () => silentLog,
  level: 'silent',
  silent: () => {},
} as unknown as FastifyBaseLogger;
