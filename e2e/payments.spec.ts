import { expect, test, type APIRequestContext, type Page } from './support/fixtures';
import { registerViaApi, signIn, type Session } from './support/session';
import { expectAccessible } from './support/axe';
import { lockedPaidQuizzes, serverClock, type ListedQuiz } from './support/quizzes';

/**
 * Unlocking a paid quiz with the fake checkout (PAYMENT_PROVIDER=fake, the e2e server's default):
 * the real server creates the order, the fake gateway signs the payment exactly as Razorpay does,
 * and the server verifies it before the quiz opens.
 */

const auth = (session: Session) => ({ authorization: `Bearer ${session.accessToken}` });

/** A live paid quiz from the demo data that this (fresh) learner has not unlocked. */
async function lockedPaidQuiz(request: APIRequestContext, session: Session): Promise<ListedQuiz> {
  const [quiz] = await lockedPaidQuizzes(request, session);
  if (!quiz) throw new Error('the demo data has no live paid quiz');
  return quiz;
}

async function attendStatus(request: APIRequestContext, session: Session, quizId: string): Promise<number> {
  const res = await request.get(`/api/quizzes/participant/attend/${quizId}`, { headers: auth(session) });
  return res.status();
}

/** Console errors and page errors (a CSP violation shows up here too). */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  return problems;
}

async function openIntro(page: Page, request: APIRequestContext) {
  const session = await registerViaApi(request);
  const quiz = await lockedPaidQuiz(request, session);
  await signIn(page, session);
  await page.goto(`/quizzes/intro/${quiz._id}`);
  await expect(page.getByRole('heading', { name: quiz.name })).toBeVisible();
  return { session, quiz };
}

/** Unlock → the payment dialog → Pay → the fake checkout's own dialog. */
async function openCheckout(page: Page) {
  await page.getByRole('button', { name: 'Unlock Quiz for ₹10 + gst 18%' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unlock Premium Quiz' });
  await expect(dialog.getByText('₹1.80')).toBeVisible();
  await dialog.getByRole('button', { name: 'Pay ₹11.80' }).click();
  const checkout = page.getByRole('dialog', { name: 'Test checkout' });
  await expect(checkout).toBeVisible();
  await expect(checkout.getByText('₹11.80')).toBeVisible();
  await expect(checkout.getByRole('button', { name: 'Pay' })).toBeFocused();
  return checkout;
}

async function expectUnlockedAndStart(
  page: Page,
  request: APIRequestContext,
  session: Session,
  quizId: string,
) {
  const dialog = page.getByRole('dialog', { name: 'Unlock Premium Quiz' });
  await expect(dialog.getByText('Payment successful! You can now start the quiz.')).toBeVisible();
  expect(await attendStatus(request, session, quizId)).toBe(200);
  await dialog.getByRole('button', { name: 'Start Quiz Now', exact: true }).click();
  await expect(page).toHaveURL(/\/quizzes\/attend/);
  await expect(page.getByRole('button', { name: 'Submit', exact: true })).toBeVisible();
}

test.describe('unlocking a paid quiz', () => {
  test('Unlock → fake checkout Pay → success toast → the quiz starts', async ({ page, request }) => {
    const problems = watchConsole(page);
    const { session, quiz } = await openIntro(page, request);
    expect(await attendStatus(request, session, quiz._id)).toBe(402);

    await page.getByRole('button', { name: 'Unlock Quiz for ₹10 + gst 18%' }).click();
    await expectAccessible(page, 'payment dialog', { include: '[role="dialog"]', strict: true });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    const checkout = await openCheckout(page);
    await expectAccessible(page, 'checkout', { include: '[data-fake-checkout]', strict: true });
    await checkout.getByRole('button', { name: 'Pay' }).click();
    await expect(checkout).toBeHidden();
    // Said once, in the dialog (a status): no second toast over the page behind it (issue 30, defect 9).
    await expect(page.getByRole('dialog', { name: 'Unlock Premium Quiz' }).getByRole('status')).toHaveText(
      'Payment successful! You can now start the quiz.',
    );
    await expect(
      page.getByRole('region', { name: /Notifications/ }).getByText('Payment successful!', { exact: false }),
    ).toHaveCount(0);
    await expectUnlockedAndStart(page, request, session, quiz._id);

    // The intro now offers the quiz itself, and the receipt is on /payment.
    await page.goto(`/quizzes/intro/${quiz._id}`);
    await expect(page.getByRole('button', { name: 'Start Quiz Now' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Unlock Quiz/ })).toHaveCount(0);
    await page.goto('/payment');
    const receipt = page.getByRole('listitem').filter({ hasText: quiz.name });
    await expect(receipt.getByText('Success')).toBeVisible();
    await expect(receipt.getByText('₹10', { exact: true })).toBeVisible();
    await expect(receipt.getByText('₹1.80')).toBeVisible();
    await expect(receipt.getByText('₹11.80')).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('Fail shows "Payment failed. Please try again." and Try Again pays', async ({ page, request }) => {
    const problems = watchConsole(page);
    const { session, quiz } = await openIntro(page, request);
    const checkout = await openCheckout(page);
    await checkout.getByRole('button', { name: 'Fail' }).click();

    const dialog = page.getByRole('dialog', { name: 'Unlock Premium Quiz' });
    await expect(dialog.getByRole('alert')).toHaveText('Payment failed. Please try again.');
    expect(await attendStatus(request, session, quiz._id)).toBe(402);

    await dialog.getByRole('button', { name: 'Try Again' }).click();
    const again = page.getByRole('dialog', { name: 'Test checkout' });
    await again.getByRole('button', { name: 'Pay' }).click();
    await expectUnlockedAndStart(page, request, session, quiz._id);
    expect(problems).toEqual([]);
  });

  test('a reload while the payment is pending resumes polling and ends in success', async ({
    page,
    pageProblems,
    request,
  }) => {
    pageProblems.allow(
      /net::ERR_INTERNET_DISCONNECTED/,
      'the test takes the phone offline while the payment is pending',
    );
    await page.clock.install();
    const { session, quiz } = await openIntro(page, request);
    const checkout = await openCheckout(page);

    // The connection drops just after the gateway took the money: the verify call never arrives.
    await page.route('**/api/payments/verify-payment', (route) => route.abort('internetdisconnected'));
    await checkout.getByRole('button', { name: 'Pay' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unlock Premium Quiz' });
    await expect(dialog.getByText('Checking your payment status…')).toBeVisible();
    await page.unroute('**/api/payments/verify-payment');
    expect(await attendStatus(request, session, quiz._id)).toBe(402);

    // Once the new page is committed (before its scripts run), its first status check is awaited.
    await page.reload({ waitUntil: 'commit' });
    const firstCheck = await page.waitForResponse((res) => res.url().includes('/api/payments/status/'));
    expect(((await firstCheck.json()) as { payment: { status: string } }).payment.status).toBe('pending');
    await expect(dialog.getByText('Checking your payment status…')).toBeVisible();
    const saved = await page.evaluate(() => window.localStorage.getItem('PENDING_PAYMENT_ID'));
    const { paymentId } = JSON.parse(saved ?? '{}') as { paymentId: string };
    const status = await request.get(`/api/payments/status/${paymentId}`, { headers: auth(session) });
    expect(await status.json()).toMatchObject({ payment: { id: paymentId, status: 'pending' } });

    // Razorpay's webhook (here the fake gateway's, 30 s later) confirms the payment on the server…
    // The page's clock is installed, not paused: its 5 s polls also run in real time, so the poll
    // that sees the success is awaited from before the webhook (a natural poll may come first).
    const success = page.waitForResponse(
      async (res) =>
        res.url().includes('/api/payments/status/') &&
        ((await res.json()) as { payment: { status: string } }).payment.status === 'success',
    );
    const { fakeCaptureWebhookDelayMs } = await serverClock(request);
    const clock = await request.post('/api/dev/clock', {
      data: { advanceMs: fakeCaptureWebhookDelayMs + 1_000 },
    });
    expect(clock.ok()).toBe(true);
    expect(await attendStatus(request, session, quiz._id)).toBe(200);

    // …and the next poll, at most 5 s later, sees it.
    await page.clock.runFor(5_000);
    await success;
    await expectUnlockedAndStart(page, request, session, quiz._id);
  });
});
