import { expect, test, type APIRequestContext, type Page } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { openMenuOnPhone } from './support/menu';
import { advancePastGrace, createQuizViaApi, retireQuiz, serverNow, resetDevClock } from './support/quizzes';
import { adminSession, loginViaApi, registerViaApi, signIn, TOKEN_KEY, USER_KEY } from './support/session';

/** Issue 15 in the browser: real logout, log out of all devices, privacy, deletion, the audit log. */

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const meStatus = async (request: APIRequestContext, token: string) =>
  (await request.get('/api/students/me', { headers: bearer(token) })).status();

async function openProfile(page: Page, name: string) {
  await page.goto('/profile');
  await expect(page.getByTestId('profile-name')).toHaveText(name);
}

test.describe('logout really logs out', () => {
  test('Logout revokes the token on the server: the old token then gets 401', async ({ page, request }) => {
    const session = await registerViaApi(request, { name: 'Tara Logout' });
    expect(await meStatus(request, session.accessToken)).toBe(200);
    await signIn(page, session);
    await page.goto('/quizzes');
    await expect(page.getByText('Hi, Tara Logout')).toBeVisible();

    const loggedOut = page.waitForResponse(
      (r) => r.url().endsWith('/api/students/logout') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('dialog', { name: 'Logout' }).getByRole('button', { name: 'Logout' }).click();
    expect((await loggedOut).status()).toBe(200);
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();

    // Someone who copied the token before the logout gets nothing with it.
    expect(await meStatus(request, session.accessToken)).toBe(401);
  });

  test('"Log out of all devices" ends every session: the other browser is sent to login on its next request', async ({
    page,
    request,
    browser,
    baseURL,
  }, testInfo) => {
    const first = await registerViaApi(request, { name: 'Dev Two Devices' });
    const second = await loginViaApi(request, first.user.phNo);
    expect(second.accessToken).not.toBe(first.accessToken);

    // The second device: another browser context, signed in with its own session.
    const other = await browser.newContext({
      ...testInfo.project.use,
      baseURL,
    });
    try {
      const otherPage = await other.newPage();
      await signIn(otherPage, second);
      await otherPage.goto('/quizzes');
      await expect(otherPage.getByText('Hi, Dev Two Devices')).toBeVisible();

      await signIn(page, first);
      await openProfile(page, 'Dev Two Devices');
      const devices = page.getByRole('region', { name: 'Devices' });
      await devices.getByRole('button', { name: 'Log out of all devices' }).click();
      const confirm = page.getByRole('dialog', { name: 'Log out of all devices?' });
      await expect(confirm).toContainText('You will be signed out everywhere');
      await expectAccessible(page, 'log out of all devices dialog', { include: '[role="dialog"]' });
      // Cancel changes nothing.
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
      expect(await meStatus(request, second.accessToken)).toBe(200);

      await devices.getByRole('button', { name: 'Log out of all devices' }).click();
      await page
        .getByRole('dialog', { name: 'Log out of all devices?' })
        .getByRole('button', { name: 'Log out of all devices' })
        .click();
      await expect(page).toHaveURL(/\/login/);
      expect(await meStatus(request, first.accessToken)).toBe(401);
      expect(await meStatus(request, second.accessToken)).toBe(401);

      // The other device's next request is refused and it lands on the login screen.
      await otherPage.goto('/profile');
      await expect(otherPage).toHaveURL(/\/login/);
      await expect(otherPage.getByRole('heading', { name: 'Login' })).toBeVisible();
      expect(await otherPage.evaluate((key) => localStorage.getItem(key), USER_KEY)).toBeNull();
    } finally {
      await other.close();
    }
  });
});

test.describe('privacy and deletion in the profile', () => {
  test('initials only changes how the learner appears on a published quiz leaderboard', async ({
    page,
    request,
  }, testInfo) => {
    const admin = await adminSession(request, testInfo);
    const learner = await registerViaApi(request, { name: 'Ishita Rao Verma' });
    const now = await serverNow(request);
    const endAt = now + 3 * 60_000;
    const quiz = await createQuizViaApi(request, admin, {
      name: `Privacy drill ${testInfo.project.name} ${now}`,
      desc: 'One question.',
      exam: 'Other',
      class: 'Preparing for Competitive exams',
      duration: 2,
      startTimeStamp: new Date(now - 60_000).toISOString(),
      endTimeStamp: new Date(endAt).toISOString(),
      price: 0,
      published: true,
      questions: [{ qn: 'Two plus two?', choices: ['3', '4'], ansIndex: 1 }],
    });
    try {
      const attend = await request.get(`/api/quizzes/participant/attend/${quiz._id}`, {
        headers: bearer(learner.accessToken),
      });
      expect(attend.ok(), await attend.text()).toBe(true);
      const { questions, startedAt } = (await attend.json()) as {
        questions: { _id: string }[];
        startedAt: string;
      };
      const submitted = await request.post('/api/quizzes/participant/submit', {
        headers: bearer(learner.accessToken),
        data: { quizId: quiz._id, startedAt, answers: [{ qnId: questions[0]!._id, selectedOption: '4' }] },
      });
      expect(submitted.status(), await submitted.text()).toBe(201);
      // Past end + grace: the dev clock runs the sweeper, which publishes the results.
      const advanceMs = await advancePastGrace(request, endAt);
      expect((await request.post('/api/dev/clock', { data: { advanceMs } })).ok()).toBe(true);
      await signIn(page, learner);
      await page.goto(`/quizzes/summary/${quiz._id}`);
      await page.getByRole('tab', { name: 'Leaderboard' }).click();
      const board = page.getByRole('table', { name: 'Leaderboard' });
      await expect(board).toContainText('Ishita Rao Verma');

      await openProfile(page, 'Ishita Rao Verma');
      const privacy = page.getByRole('region', { name: 'Privacy' });
      await expect(privacy).toContainText('Choose how you appear there.');
      const initials = privacy.getByRole('checkbox', { name: /Show only my initials/ });
      await expect(initials).not.toBeChecked();
      await expect(privacy).toContainText('Others see "I. R. V." and no photo.');
      await expect(
        privacy.getByRole('checkbox', { name: 'Show my photo on the public podium' }),
      ).not.toBeChecked();
      await expectAccessible(page, 'profile with privacy, devices and deletion');
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/students/privacy'));
      await initials.check();
      expect((await saved).status()).toBe(200);
      await expect(page.getByText('Privacy settings saved')).toBeVisible();
      await expect(initials).toBeChecked();

      await page.goto(`/quizzes/summary/${quiz._id}`);
      await page.getByRole('tab', { name: 'Leaderboard' }).click();
      await expect(board).toContainText('I. R. V.');
      await expect(board).not.toContainText('Ishita');

      // The choice is kept: the profile shows it after a reload.
      await openProfile(page, 'Ishita Rao Verma');
      await expect(page.getByRole('checkbox', { name: /Show only my initials/ })).toBeChecked();
    } finally {
      await resetDevClock(page);
      await retireQuiz(request, admin.accessToken, quiz._id);
    }
  });

  test('Delete account needs DELETE typed, then signs out and confirms plainly', async ({
    page,
    request,
  }) => {
    const session = await registerViaApi(request, { name: 'Gone Learner' });
    await signIn(page, session);
    await openProfile(page, 'Gone Learner');
    const section = page.getByRole('region', { name: 'Delete account' });
    await expect(section).toContainText('Your past attempts stay, without your name');
    await section.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toContainText('Type DELETE to confirm.');
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type DELETE').fill('delete');
    await expect(confirm).toBeDisabled();
    await expectAccessible(page, 'delete account dialog', { include: '[role="dialog"]' });
    // Closing forgets what was typed; the account is untouched.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await meStatus(request, session.accessToken)).toBe(200);

    await section.getByRole('button', { name: 'Delete account' }).click();
    await expect(dialog.getByLabel('Type DELETE')).toHaveValue('');
    await dialog.getByLabel('Type DELETE').fill('DELETE');
    const deleted = page.waitForResponse((r) => r.url().endsWith('/api/students/delete-account'));
    await confirm.click();
    expect((await deleted).status()).toBe(200);

    await expect(page).toHaveURL(/\/account-deleted$/);
    await expect(page.getByRole('heading', { name: 'Your account has been deleted' })).toBeVisible();
    await expect(page.getByText('signed out on every device')).toBeVisible();
    await expectAccessible(page, 'account deleted');
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
    expect(await meStatus(request, session.accessToken)).toBe(401);
  });
});

test.describe('admin audit log', () => {
  test(
    'lists admin actions newest first, linked from the admin menu',
    { tag: '@desktop' },
    async ({ page, request }, testInfo) => {
      const admin = await adminSession(request, testInfo);
      const now = await serverNow(request);
      const name = `Audited ${testInfo.project.name} ${now}`;
      const quiz = await createQuizViaApi(request, admin, {
        name,
        desc: 'For the audit log.',
        exam: 'Other',
        class: 'Preparing for Competitive exams',
        duration: 5,
        startTimeStamp: new Date(now + 24 * 3600_000).toISOString(),
        endTimeStamp: new Date(now + 25 * 3600_000).toISOString(),
        price: 0,
        published: true,
        questions: [{ qn: 'Two plus two?', choices: ['3', '4'], ansIndex: 1 }],
      });
      try {
        await signIn(page, admin);
        await page.goto('/quizzes');
        await openMenuOnPhone(page);
        await page.getByRole('link', { name: 'Audit log' }).click();
        await expect(page).toHaveURL(/\/admin\/audit-log$/);
        await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
        const mine = page.getByTestId('audit-entry').filter({ hasText: quiz._id });
        await expect(mine.first()).toContainText('Created a quiz');
        await expect(mine.first()).toContainText('Asha Admin');
        await expect(mine.first()).toContainText(name);
        await expectAccessible(page, 'audit log');

        // Newest first: the API's order, shown as it comes.
        const api = (await (
          await request.get('/api/admin/audit-log?page=1&limit=25', { headers: bearer(admin.accessToken) })
        ).json()) as { entries: { at: string }[] };
        const times = api.entries.map((e) => new Date(e.at).getTime());
        expect([...times].sort((a, b) => b - a)).toEqual(times);
        await expect(page.getByTestId('audit-entry')).toHaveCount(api.entries.length);
      } finally {
        await retireQuiz(request, admin.accessToken, quiz._id);
      }
    },
  );

  test('pages, and shows the empty and error states', async ({ page, request, pageProblems }, testInfo) => {
    pageProblems.allow(
      /status of 500 .*\/api\/admin\/audit-log\?/,
      'the route below answers 500 on purpose, for the error state',
    );
    const admin = await adminSession(request, testInfo);
    const entry = (i: number) => ({
      _id: `e${i}`,
      at: new Date(Date.UTC(2026, 10, 24, 10, 0, 0) - i * 60_000).toISOString(),
      actor: 'Asha Admin',
      actorId: admin.user._id,
      action: 'quiz.update',
      targetType: 'quiz',
      targetId: `quiz-${i}`,
      details: { name: `Quiz ${i}` },
    });
    let mode: 'pages' | 'empty' | 'error' = 'pages';
    const pagesAsked: string[] = [];
    await page.route('**/api/admin/audit-log?*', async (route) => {
      const url = new URL(route.request().url());
      const pageNo = Number(url.searchParams.get('page'));
      pagesAsked.push(String(pageNo));
      if (mode === 'error') {
        await route.fulfill({
          status: 500,
          json: { statusCode: 500, message: 'Internal server error', error: 'Internal Server Error' },
        });
        return;
      }
      const entries =
        mode === 'empty'
          ? []
          : Array.from({ length: pageNo < 3 ? 25 : 10 }, (_, i) => entry((pageNo - 1) * 25 + i));
      await route.fulfill({ json: { entries, total: mode === 'empty' ? 0 : 60, page: pageNo, limit: 25 } });
    });

    await signIn(page, admin);
    await page.goto('/admin/audit-log');
    await expect(page.getByTestId('audit-entry')).toHaveCount(25);
    await expect(page.getByText('Page 1 of 3')).toBeVisible();
    await expect(page.getByTestId('audit-action').first()).toHaveText('Edited a quiz');
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Page 2 of 3')).toBeVisible();
    await expect(page.getByTestId('audit-entry').first()).toContainText('quiz-25');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByTestId('audit-entry')).toHaveCount(10);
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(pagesAsked).toEqual(expect.arrayContaining(['1', '2', '3']));

    mode = 'empty';
    await page.reload();
    await expect(page.getByText('No admin actions yet.')).toBeVisible();

    mode = 'error';
    await page.reload();
    // Server errors are retried twice (patchy data) before the error state shows.
    await expect(page.getByText('Could not load the audit log')).toBeVisible({ timeout: 15_000 });
    await expectAccessible(page, 'audit log error');
    mode = 'pages';
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('audit-entry')).toHaveCount(25);
  });

  test('participants cannot open the audit log', async ({ page, request }) => {
    const session = await registerViaApi(request, { name: 'Not An Admin' });
    expect(
      (await request.get('/api/admin/audit-log', { headers: bearer(session.accessToken) })).status(),
    ).toBe(403);
    await signIn(page, session);
    await page.goto('/admin/audit-log');
    await expect(page.getByRole('heading', { name: 'Audit log' })).toBeHidden();
    await expect(page.getByTestId('audit-entry')).toHaveCount(0);
  });
});

// Issue 30's gate (support/fixtures.ts): whatever goes wrong in the browser fails the test, unless the
// test or its spec says it expects it, and why.
test.describe('the browser gate', () => {
  test('a console error or an uncaught page error nobody expects fails the test', async ({ page }) => {
    test.fail(true, 'the gate must fail this test at its teardown');
    await page.goto('/login');
    await page.evaluate(() => console.error('an error no test expects'));
    const thrown = page.waitForEvent('pageerror');
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error('an uncaught error');
      }),
    );
    await thrown;
  });

  test.describe('with the problem expected for the describe', () => {
    test.use({
      expectedPageProblems: [{ pattern: /an error this describe expects/, reason: 'the test logs it' }],
    });
    test('the same error passes', async ({ page }) => {
      await page.goto('/login');
      await page.evaluate(() => console.error('an error this describe expects'));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  });
});
