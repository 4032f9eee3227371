import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLogResponseSchema } from '@quizcast/contract/schemas/account';
import { sessions, users } from '../src/db/schema';
import { promoteToAdmin } from '../src/modules/students/student.service';
import { createStudent } from '../src/seed/factories';
import { authHeader, freshPhone, outboxOtp, sendOtp } from './account-support';
import { bearerFor, buildTestApp, testDatabaseKind, type TestApp } from './helpers';

const DAY = 24 * 60 * 60 * 1000;
const MIN = 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const me = (app: TestApp, token: string) =>
  app.app.inject({ method: 'GET', url: '/api/students/me', headers: authHeader(token) });

/** Log in through the real API (code by the dev outbox); the resend cooldown is stepped over. */
async function login(app: TestApp, phNo: string): Promise<{ accessToken: string; role: string }> {
  app.clock.advance(MIN);
  const sent = await sendOtp(app.app, 'login', phNo);
  if (sent.statusCode !== 200) throw new Error(`send ${sent.statusCode}: ${sent.body}`);
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/students/login-verify-otp',
    payload: { phNo, otp: await outboxOtp(app.app, phNo) },
  });
  if (res.statusCode !== 200) throw new Error(`login ${res.statusCode}: ${res.body}`);
  return res.json();
}

describe(`logout (${testDatabaseKind})`, () => {
  it('revokes this token on the server at once; another device stays signed in', async () => {
    const user = await createStudent(t.db, { phNo: freshPhone() });
    const phone = await login(t, user.phNo);
    const laptop = await login(t, user.phNo);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/students/logout',
      headers: authHeader(phone.accessToken),
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'Logged out' });

    const after = await me(t, phone.accessToken);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Session has ended. Please log in again.');
    expect((await me(t, laptop.accessToken)).statusCode).toBe(200);
  });

  it('"log out of all devices" ends every session of the user, and only theirs', async () => {
    const user = await createStudent(t.db, { phNo: freshPhone() });
    const other = await createStudent(t.db, { phNo: freshPhone() });
    const a = await login(t, user.phNo);
    const b = await login(t, user.phNo);
    const theirs = await login(t, other.phNo);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/students/logout-all',
      headers: authHeader(a.accessToken),
    });
    expect(res.statusCode).toBe(200);
    expect((await me(t, a.accessToken)).statusCode).toBe(401);
    expect((await me(t, b.accessToken)).statusCode).toBe(401);
    expect((await me(t, theirs.accessToken)).statusCode).toBe(200);
    const open = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(open.every((s) => s.revokedAt !== null)).toBe(true);
  });
});

describe(`session length (${testDatabaseKind})`, () => {
  it('ends 7 days after the last use, renewed on use (at most one write per 5 minutes)', async () => {
    const user = await createStudent(t.db, { phNo: freshPhone() });
    const { accessToken } = await login(t, user.phNo);
    const sid = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()).sid as string;
    const row = async () => (await t.db.select().from(sessions).where(eq(sessions.id, sid)))[0]!;
    const issued = await row();

    // Used again within 5 minutes: no write.
    t.clock.advance(2 * MIN);
    expect((await me(t, accessToken)).statusCode).toBe(200);
    expect((await row()).lastUsedAt.getTime()).toBe(issued.lastUsedAt.getTime());

    // Used on day 6: renewed to 7 days from then.
    t.clock.advance(6 * DAY);
    expect((await me(t, accessToken)).statusCode).toBe(200);
    expect((await row()).expiresAt.getTime()).toBe(t.clock.now().getTime() + 7 * DAY);

    // Day 12 (past the first 7 days): still signed in because it was used on day 6.
    t.clock.advance(6 * DAY);
    expect((await me(t, accessToken)).statusCode).toBe(200);

    // Then 7 idle days: ended.
    t.clock.advance(7 * DAY + MIN);
    expect((await me(t, accessToken)).statusCode).toBe(401);
  });

  it('SESSION_TTL_DAYS sets the idle length', async () => {
    const short = await buildTestApp({ env: { SESSION_TTL_DAYS: '1' } });
    try {
      const user = await createStudent(short.db, { phNo: freshPhone() });
      const { accessToken } = await login(short, user.phNo);
      short.clock.advance(DAY - 2 * MIN);
      expect((await me(short, accessToken)).statusCode).toBe(200);
      short.clock.advance(DAY + MIN);
      expect((await me(short, accessToken)).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe(`ADMIN_PHONES applies only while present (${testDatabaseKind})`, () => {
  it('promotes at login while listed and demotes at the next login once removed; both are audited', async () => {
    const phNo = freshPhone();
    const app = await buildTestApp({ env: { ADMIN_PHONES: phNo } });
    try {
      const user = await createStudent(app.db, { phNo });
      expect((await login(app, phNo)).role).toBe('admin');
      const [promoted] = await app.db.select().from(users).where(eq(users.id, user.id));
      expect(promoted).toMatchObject({ role: 'admin', roleSource: 'ADMIN_PHONES' });

      // The operator removes the number (a restart with a new ADMIN_PHONES; the config is read live).
      app.config.ADMIN_PHONES = [];
      expect((await login(app, phNo)).role).toBe('participant');
      const [demoted] = await app.db.select().from(users).where(eq(users.id, user.id));
      expect(demoted).toMatchObject({ role: 'participant', roleSource: null });

      const reader = await bearerFor(await createStudent(app.db, { role: 'admin' }), app.clock);
      const log = auditLogResponseSchema.parse(
        (await app.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers: reader })).json(),
      );
      expect(log.entries.map((e) => [e.action, e.actor, e.targetId])).toEqual([
        ['user.demote', 'system (ADMIN_PHONES)', user.id],
        ['user.promote', 'system (ADMIN_PHONES)', user.id],
      ]);
    } finally {
      await app.close();
    }
  });

  it('leaves an admin made with `npm run admin` in place', async () => {
    const user = await createStudent(t.db, { phNo: freshPhone() });
    await promoteToAdmin(t.db, user.phNo, t.clock.now());
    expect((await login(t, user.phNo)).role).toBe('admin');
  });

  it('a demoted admin loses admin routes at once, even on an older token', async () => {
    const phNo = freshPhone();
    const app = await buildTestApp({ env: { ADMIN_PHONES: '' } });
    try {
      const admin = await createStudent(app.db, { phNo, role: 'admin', roleSource: 'ADMIN_PHONES' });
      const oldToken = await bearerFor(admin, app.clock);
      const audit = () => app.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers: oldToken });
      expect((await audit()).statusCode).toBe(200);
      await login(app, phNo);
      expect((await audit()).statusCode).toBe(403);
    } finally {
      await app.close();
    }
  });
});

describe(`admin audit log (${testDatabaseKind})`, () => {
  it('records quiz create, edit and delete and promotions; admins read it, participants cannot', async () => {
    const admin = await createStudent(t.db, { role: 'admin', name: 'Audit Admin', phNo: freshPhone() });
    const headers = await bearerFor(admin, t.clock);
    const start = new Date(t.clock.now().getTime() + 60 * MIN);
    const body = {
      name: 'Audited quiz',
      desc: '',
      exam: 'UPSC',
      class: 'Preparing for Competitive exams',
      duration: 10,
      startTimeStamp: start.toISOString(),
      endTimeStamp: new Date(start.getTime() + 120 * MIN).toISOString(),
      price: 0,
      published: true,
      instructions: [],
      questions: [{ qn: 'Two plus two?', choices: ['3', '4'], ansIndex: 1 }],
    };
    const created = await t.app.inject({ method: 'POST', url: '/api/quizzes', headers, payload: body });
    expect(created.statusCode).toBe(201);
    const quizId = created.json()._id as string;
    t.clock.advance(1000);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/quizzes/${quizId}`,
      headers,
      payload: { ...body, name: 'Audited quiz (edited)' },
    });
    expect(edited.statusCode).toBe(200);
    t.clock.advance(1000);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/quizzes/${quizId}`, headers });
    expect(deleted.statusCode).toBe(200);
    const promoted = await createStudent(t.db, { phNo: freshPhone() });
    await promoteToAdmin(t.db, promoted.phNo, t.clock.now());

    const res = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log?limit=100', headers });
    expect(res.statusCode).toBe(200);
    const log = auditLogResponseSchema.parse(res.json());
    const mine = log.entries.filter((e) => e.targetId === quizId).map((e) => [e.action, e.actor]);
    expect(mine).toEqual([
      ['quiz.delete', 'Audit Admin'],
      ['quiz.update', 'Audit Admin'],
      ['quiz.create', 'Audit Admin'],
    ]);
    expect(log.entries).toContainEqual(
      expect.objectContaining({
        action: 'user.promote',
        actor: 'system (npm run admin)',
        targetId: promoted.id,
      }),
    );

    const participant = await bearerFor(await createStudent(t.db, { phNo: freshPhone() }), t.clock);
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers: participant });
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit-log' })).statusCode).toBe(401);
  });
});
