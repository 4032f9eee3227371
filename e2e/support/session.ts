import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';

/** Storage keys from packages/contract (duplicated as literals: the e2e tests run outside the app bundle). */
export const USER_KEY = 'USER_PARTICIPANT';
export const TOKEN_KEY = 'ACCESS_TOKEN_PARTICIPANT';

export interface Session {
  accessToken: string;
  user: Record<string, unknown> & { _id: string; name: string; phNo: string };
}

let counter = 0;
/** A fresh 10-digit number per call (starts with 6, never one of the demo numbers). */
export function freshPhone(): string {
  counter += 1;
  const tail = `${Date.now() % 1e6}${String(counter).padStart(3, '0')}`.slice(-9);
  return `6${tail.padStart(9, '0')}`;
}

/** Reads the latest code from the dev outbox (console SMS provider). */
export async function latestOtp(request: APIRequestContext, phNo: string): Promise<string> {
  const res = await request.get(`/api/dev/outbox?phNo=${phNo}`);
  if (!res.ok()) throw new Error(`dev outbox: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { otp: string }).otp;
}

/** Registers a new participant through the real API (send code, read the outbox, sign up). */
export async function registerViaApi(
  request: APIRequestContext,
  overrides: Partial<{ phNo: string; name: string; place: string; school: string; class: string }> = {},
): Promise<Session> {
  const phNo = overrides.phNo ?? freshPhone();
  const sent = await request.post('/api/students/signup-send-otp', { data: { phNo } });
  if (!sent.ok()) throw new Error(`signup-send-otp: ${sent.status()} ${await sent.text()}`);
  const otp = await latestOtp(request, phNo);
  const res = await request.post('/api/students/signup', {
    multipart: {
      phNo,
      otp,
      name: overrides.name ?? 'Test Learner',
      place: overrides.place ?? 'Nagpur',
      school: overrides.school ?? 'City College',
      class: overrides.class ?? 'Preparing for Competitive exams',
    },
  });
  if (!res.ok()) throw new Error(`signup: ${res.status()} ${await res.text()}`);
  const body = (await res.json()) as Session['user'] & { accessToken: string };
  const { accessToken, ...user } = body;
  return { accessToken, user };
}

/**
 * Logs an existing participant in through the real API (send code, read the outbox, verify). A 429
 * (the resend cooldown after a recent code) moves the dev server clock past it and tries again.
 */
export async function loginViaApi(request: APIRequestContext, phNo: string): Promise<Session> {
  const sent = await request.post('/api/students/login-send-otp', { data: { phNo } });
  if (sent.status() === 429) {
    const wait = Number(sent.headers()['retry-after'] ?? 60);
    await request.post('/api/dev/clock', { data: { advanceMs: (wait + 1) * 1000 } });
    return loginViaApi(request, phNo);
  }
  expect(sent.ok(), await sent.text()).toBe(true);
  const otp = await latestOtp(request, phNo);
  const res = await request.post('/api/students/login-verify-otp', { data: { phNo, otp } });
  expect(res.ok(), await res.text()).toBe(true);
  const { accessToken, ...user } = (await res.json()) as Session['user'] & { accessToken: string };
  return { accessToken, user };
}

/** Starts the page signed in as this session (stored exactly as the app stores it after login). */
export async function signIn(page: Page, session: Session): Promise<void> {
  await page.addInitScript(
    ({ userKey, tokenKey, user, token }) => {
      if (!window.sessionStorage.getItem('__e2e_signed_in')) {
        window.localStorage.setItem(userKey, JSON.stringify(user));
        window.localStorage.setItem(tokenKey, token);
        window.sessionStorage.setItem('__e2e_signed_in', '1');
      }
    },
    { userKey: USER_KEY, tokenKey: TOKEN_KEY, user: session.user, token: session.accessToken },
  );
}

/**
 * Admins for browser tests: playwright.config.ts lists these numbers in ADMIN_PHONES, one per
 * project, so each project registers its own admin once; a retried worker logs in instead.
 */
const ADMIN_PHONE_BY_PROJECT: Record<string, string> = { mobile: '5550000001', desktop: '5550000002' };

const adminSessions = new Map<string, Session>();

/** This project's admin: registered on first use, else logged in (once per worker). */
export async function adminSession(request: APIRequestContext, testInfo: TestInfo): Promise<Session> {
  const phNo = ADMIN_PHONE_BY_PROJECT[testInfo.project.name] ?? '5550000001';
  const cached = adminSessions.get(phNo);
  if (cached) {
    // Tests move the server clock by days; the sweeper may then purge the cached session (ADR 015).
    const me = await request.get('/api/students/me', {
      headers: { authorization: `Bearer ${cached.accessToken}` },
    });
    if (me.ok()) return withEnglishProfile(request, cached);
    adminSessions.delete(phNo);
  }
  let sent = await request.post('/api/students/login-send-otp', { data: { phNo } });
  if (sent.status() === 429) {
    // A restarted worker logging in again within the resend cooldown: move the server clock past it.
    const wait = Number(sent.headers()['retry-after'] ?? 60);
    await request.post('/api/dev/clock', { data: { advanceMs: (wait + 1) * 1000 } });
    sent = await request.post('/api/students/login-send-otp', { data: { phNo } });
  }
  let session: Session;
  if (sent.status() === 404) {
    session = await registerViaApi(request, { phNo, name: 'Asha Admin' });
  } else {
    if (!sent.ok()) throw new Error(`login-send-otp: ${sent.status()} ${await sent.text()}`);
    const otp = await latestOtp(request, phNo);
    const res = await request.post('/api/students/login-verify-otp', { data: { phNo, otp } });
    if (!res.ok()) throw new Error(`login-verify-otp: ${res.status()} ${await res.text()}`);
    const { accessToken, ...user } = (await res.json()) as Session['user'] & { accessToken: string };
    session = { accessToken, user };
  }
  expect(session.user.role).toBe('admin');
  adminSessions.set(phNo, session);
  return withEnglishProfile(request, session);
}

/**
 * The admin is shared by every spec of a project, and a Hindi spec's choice is saved to the profile
 * (a device that never chose follows it): each spec starts from English in the profile. A spec that
 * wants Hindi chooses it on the device, which wins.
 */
async function withEnglishProfile(request: APIRequestContext, session: Session): Promise<Session> {
  const res = await request.put('/api/students/preferred-language', {
    headers: { authorization: `Bearer ${session.accessToken}` },
    data: { preferredLanguage: 'en' },
  });
  if (!res.ok()) throw new Error(`preferred-language: ${res.status()} ${await res.text()}`);
  // The cached user goes into the page's stored user (signIn): keep it in step with the profile.
  session.user = ((await res.json()) as { data: Session['user'] }).data;
  return session;
}
