import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite } from '../src/db/client';
import { users } from '../src/db/schema';
import { promoteToAdmin } from '../src/modules/students/student.service';
import { createStudent } from '../src/seed/factories';
import { authHeader, freshPhone, outboxOtp, sendOtp, signUpViaApi } from './account-support';
import { buildTestApp, testDatabaseKind } from './helpers';
import { t, useTestApp } from './support/app';

useTestApp();

describe(`admins (${testDatabaseKind})`, () => {
  it('ADMIN_PHONES get the admin role at sign-up and at login', async () => {
    const newAdmin = freshPhone();
    const existing = await createStudent(t.db, { phNo: freshPhone() });
    const a = await buildTestApp({ env: { ADMIN_PHONES: `${newAdmin}, ${existing.phNo}` } });
    try {
      const signed = await signUpViaApi(a.app, { phNo: newAdmin });
      expect(signed.role).toBe('admin');

      const participant = await createStudent(a.db, { phNo: existing.phNo });
      expect(participant.role).toBe('participant');
      await sendOtp(a.app, 'login', participant.phNo);
      const login = await a.app.inject({
        method: 'POST',
        url: '/api/students/login-verify-otp',
        payload: { phNo: participant.phNo, otp: await outboxOtp(a.app, participant.phNo) },
      });
      expect(login.json()).toMatchObject({ role: 'admin' });
      const list = await a.app.inject({
        method: 'GET',
        url: '/api/students/admin-get-all',
        headers: authHeader(login.json().accessToken),
      });
      expect(list.statusCode).toBe(200);

      const other = await signUpViaApi(a.app);
      expect(other.role).toBe('participant');
    } finally {
      await a.close();
    }
  });

  it('promoteToAdmin promotes an existing user and reports an unknown number', async () => {
    const student = await createStudent(t.db, { phNo: freshPhone() });
    expect(await promoteToAdmin(t.db, freshPhone(), t.clock.now())).toBeUndefined();
    expect((await promoteToAdmin(t.db, student.phNo, t.clock.now()))?.role).toBe('admin');
    const [row] = await t.db.select().from(users).where(eq(users.id, student.id));
    expect(row!.role).toBe('admin');
  });

  it('`npm run admin -- <phone>` promotes an existing user', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'quizcast-admin-cli-'));
    const database = await openPglite(path.join(dataDir, 'pg'));
    await database.migrate();
    const student = await createStudent(database.db, { phNo: freshPhone() });
    await database.close();

    const cli = path.resolve(
      path.dirname(fileURLToPath(import.meta.url)),
      '../src/modules/students/promote-admin.cli.ts',
    );
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' };
    const run = (...args: string[]) =>
      new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
        execFile(process.execPath, ['--import', 'tsx', cli, ...args], { env }, (err, stdout, stderr) =>
          resolve({ status: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
        );
      });

    const usage = await run('12345');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run admin -- <10-digit phone number>');

    const ok = await run(student.phNo);
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain(`${student.name} (${student.phNo}) is now an admin.`);

    const reopened = await openPglite(path.join(dataDir, 'pg'));
    try {
      const [row] = await reopened.db.select().from(users).where(eq(users.id, student.id));
      expect(row!.role).toBe('admin');
    } finally {
      await reopened.close();
    }
  });
});
