import { expect, test, type APIRequestContext, type Locator, type Page } from './support/fixtures';
import { accessibilityProblems, type AxeOptions } from './support/axe';
import { adminSession, freshPhone, registerViaApi, signIn, type Session } from './support/session';
import { lockedPaidQuizzes, type ListedQuiz } from './support/quizzes';
import { openPalette } from './support/attempt';

/**
 * Issue #8, "Accessible end to end": the screens the other spec files do not already run axe on
 * (docs/accessibility.md lists which file checks which screen), and focus handling in dialogs.
 */

/** A live, free demo quiz (apps/server/src/seed/demo.ts). */
const POLITY = 'UPSC Prelims: Indian Polity Basics';

/**
 * Two axe passes: every rule (WCAG and best practice) failing on serious or critical problems, then
 * the WCAG 2.0–2.2 A/AA rules alone (wcag22aa brings target-size) failing on any problem at all.
 */
async function expectScreenAccessible(
  page: Page,
  screen: string,
  options: Omit<AxeOptions, 'wcagOnly'> = {},
) {
  const problems = [
    ...(await accessibilityProblems(page, screen, options)),
    ...(await accessibilityProblems(page, `${screen} [WCAG 2.2 AA]`, {
      ...options,
      wcagOnly: true,
      strict: true,
    })),
  ];
  expect(problems).toEqual([]);
}

const auth = (session: Session) => ({ authorization: `Bearer ${session.accessToken}` });

/** Signs this page in as someone else (the app reads the stored user and token on load). */
async function switchUser(page: Page, session: Session) {
  await page.evaluate(
    ({ user, token }) => {
      window.localStorage.setItem('USER_PARTICIPANT', JSON.stringify(user));
      window.localStorage.setItem('ACCESS_TOKEN_PARTICIPANT', token);
    },
    { user: session.user, token: session.accessToken },
  );
}

/** Creates an order through the real API, as the payment dialog does (₹ price + 18% GST). */
async function createOrder(request: APIRequestContext, session: Session, quiz: ListedQuiz) {
  const amount = Math.round(quiz.price * 118) / 100;
  const res = await request.post('/api/payments/create-order', {
    headers: auth(session),
    data: { amount, currency: 'INR', quizId: quiz._id },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as { order: { id: string } };
  return { orderId: body.order.id, amount };
}

/** Press Tab until this element has focus (keyboard only, bounded). */
async function tabUntilFocused(page: Page, target: Locator) {
  for (let i = 0; i < 60; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Could not reach the element with Tab');
}

/** What has focus: its role/tag and name, and whether it sits inside an open dialog. */
function focusState(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    const name = (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim().slice(0, 40);
    return {
      inDialog: Boolean(el?.closest('[role="dialog"], [role="alertdialog"]')),
      label: `${el?.tagName.toLowerCase()}:${name}`,
    };
  });
}

/**
 * The dialog `name` is open (opened from the keyboard by the caller): Tab and Shift+Tab, pressed
 * more times than it has controls, never take focus out of it and do move between its controls;
 * Escape closes it and focus goes back to `opener`.
 */
async function expectFocusTrapped(page: Page, name: string, opener: Locator) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect.poll(async () => (await focusState(page)).inDialog).toBe(true);
  const controls = await dialog
    .locator('button:not([disabled]), [href], input:not([disabled]), select, textarea, summary')
    .count();
  for (const key of ['Tab', 'Shift+Tab']) {
    const visited = new Set<string>();
    for (let i = 0; i < controls + 2; i += 1) {
      await page.keyboard.press(key);
      const state = await focusState(page);
      expect(state.inDialog, `${key} ${i + 1} left the "${name}" dialog for ${state.label}`).toBe(true);
      visited.add(state.label);
    }
    // Focus moves between the dialog's controls (not stuck on one).
    expect(visited.size).toBeGreaterThanOrEqual(Math.min(controls, 2));
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

test.describe('accessibility', () => {
  test('axe: the payments page with a paid, a failed and a pending receipt', async ({ page, request }) => {
    const session = await registerViaApi(request);
    const [first, second] = await lockedPaidQuizzes(request, session);
    if (!first || !second) throw new Error('the demo data needs two open paid quizzes');

    // First quiz: the gateway declines, then a second order is paid and verified.
    const declined = await createOrder(request, session, first);
    expect(
      (await request.post('/api/payments/fake/fail', { data: { orderId: declined.orderId } })).ok(),
    ).toBe(true);
    const paid = await createOrder(request, session, first);
    const pay = await request.post('/api/payments/fake/pay', { data: { orderId: paid.orderId } });
    const signed = (await pay.json()) as { razorpay_payment_id: string; razorpay_signature: string };
    const verify = await request.post('/api/payments/verify-payment', {
      headers: auth(session),
      data: {
        orderId: paid.orderId,
        paymentId: signed.razorpay_payment_id,
        signature: signed.razorpay_signature,
        amount: paid.amount,
        quizId: first._id,
      },
    });
    expect(verify.ok(), await verify.text()).toBe(true);
    // Second quiz: an order the learner never paid.
    await createOrder(request, session, second);

    await signIn(page, session);
    await page.goto('/payment');
    await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
    const receipts = page.getByRole('main').getByRole('listitem');
    await expect(receipts).toHaveCount(3);
    await expect(receipts.filter({ hasText: first.name }).getByText('Success')).toBeVisible();
    await expect(receipts.filter({ hasText: first.name }).getByText('Failed')).toBeVisible();
    await expect(receipts.filter({ hasText: second.name }).getByText('Pending')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Check status' })).toBeVisible();
    await expectScreenAccessible(page, 'payments');
  });

  test(
    'axe: the admin quiz list and the edit page',
    { tag: '@desktop' },
    async ({ page, request }, testInfo) => {
      // Four axe passes (two on the list, two on an editor holding 12 questions): 47 s on desktop
      // and past 60 s on mobile with the shared 2-core machine at load 20.
      test.setTimeout(120_000);
      const admin = await adminSession(request, testInfo);
      await signIn(page, admin);
      await page.goto('/admin/quizzes');
      await expect(page.getByRole('heading', { level: 1, name: 'Manage quizzes' })).toBeVisible();
      // The first page holds whatever the tests before this one created: find the demo quiz by name.
      await expect(page.getByRole('link', { name: /^Edit / }).first()).toBeVisible();
      await expectScreenAccessible(page, 'admin quizzes');
      await page.getByRole('searchbox', { name: 'Search quizzes' }).fill(POLITY);
      // The search replaces the list (a loading state while it fetches): wait for the filtered list,
      // or the click lands on a row about to be detached and goes nowhere.
      await expect(page.getByRole('list', { name: 'Quizzes' }).getByRole('listitem')).toHaveCount(1);
      const edit = page.getByRole('link', { name: `Edit ${POLITY}` });
      await expect(edit).toBeVisible();

      await edit.click();
      await expect(page.getByRole('heading', { level: 1, name: 'Edit quiz' })).toBeVisible();
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue(POLITY);
      await expectScreenAccessible(page, 'edit quiz');
    },
  );

  test('axe: the import dialog, and the "Not allowed" page a participant gets on an admin URL', async ({
    page,
    request,
  }, testInfo) => {
    await signIn(page, await adminSession(request, testInfo));
    await page.goto('/quizzess/create');
    await page.getByRole('button', { name: 'Import questions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import questions' });
    await expect(dialog).toBeVisible();
    await expectScreenAccessible(page, 'import dialog', { include: '[role="dialog"]' });
    // With its error list showing too.
    await dialog.getByRole('button', { name: 'Check and import' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Choose a CSV or Aiken (.txt) file to import');
    await expectScreenAccessible(page, 'import dialog with problems', { include: '[role="dialog"]' });

    await switchUser(page, await registerViaApi(request));
    await page.goto('/admin/quizzes');
    await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
    await expectScreenAccessible(page, 'not allowed');
  });

  test('axe: the 404 page, the register OTP dialog and the logout confirm', async ({ page, request }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expectScreenAccessible(page, '404');

    await page.goto('/register');
    await page.getByLabel('Name').fill('Kavya Rao');
    await page.getByLabel('Phone Number').fill(freshPhone());
    await page.getByLabel('Place').fill('Mysuru');
    await page.getByLabel('Education Level').selectOption('Higher Secondary');
    await page.getByRole('button', { name: 'Continue' }).click();
    const otp = page.getByRole('dialog', { name: 'Enter Otp' });
    await expect(otp.getByLabel('Enter the 6-digit OTP')).toBeFocused();
    await expectScreenAccessible(page, 'OTP dialog', { include: '[role="dialog"]' });

    await signIn(page, await registerViaApi(request));
    await page.goto('/quizzes');
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const logout = page.getByRole('dialog', { name: 'Logout' });
    await expect(logout.getByText('Are you sure want to logout?')).toBeVisible();
    await expectScreenAccessible(page, 'logout confirm', { include: '[role="dialog"]' });
  });

  test('axe: the red timer under a minute and the time-up screen with its results', async ({ page }) => {
    await page.clock.install();
    await signIn(page, await registerViaApi(page.request));
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto('/quizzes');
    await page.getByRole('searchbox', { name: 'Search quizzes' }).fill(POLITY);
    // The search replaces the list (a loading state while it fetches): wait for the filtered list,
    // or the click lands on a row about to be detached and goes nowhere.
    await expect(page.getByTestId('quiz-row')).toHaveCount(1);
    await page.getByRole('link', { name: `Start ${POLITY}` }).click();
    await page.getByRole('button', { name: 'Start Quiz Now' }).click();
    await page.getByRole('radio').first().check();

    // Move the server and the page to 40 s before the deadline (the countdown shows mm:ss).
    const countdown = page.getByTestId('countdown');
    await expect(countdown).toHaveText(/^\d\d:\d\d$/);
    const [minutes, seconds] = (await countdown.textContent())!.split(':').map(Number);
    const skipS = minutes! * 60 + seconds! - 40;
    await page.request.post('/api/dev/clock', { data: { advanceMs: skipS * 1000 } });
    await page.clock.fastForward(skipS * 1000);
    await expect(page.getByRole('timer', { name: 'Time left' })).toHaveAttribute('data-warning', 'true');
    await expect(countdown).toHaveText(/^00:[34]\d$/);
    await expectScreenAccessible(page, 'attempt, red timer');

    await page.request.post('/api/dev/clock', { data: { advanceMs: 41_000 } });
    await page.clock.fastForward(41_000);
    await expect(page.getByRole('heading', { name: "Time's Up!" })).toBeVisible();
    await expect(page.getByText('Your answers have been submitted.')).toBeVisible();
    await expectScreenAccessible(page, 'time up');
    await page.getByRole('button', { name: 'View Results' }).click();
    await expect(page.getByRole('dialog', { name: 'Your Results' }).getByTestId('results-at')).toBeVisible();
    await expectScreenAccessible(page, 'time-up results', { include: '[role="dialog"]' });
  });

  test(
    'dialogs keep Tab inside, close on Escape and give focus back: submit, logout, payment, import',
    { tag: '@desktop' },
    async ({ page, request }, testInfo) => {
      const learner = await registerViaApi(request);
      await signIn(page, learner);
      page.on('dialog', (dialog) => void dialog.accept()); // leaving a running attempt asks first

      // Submit: from the last question's Submit button.
      await page.goto('/quizzes');
      await page.getByRole('searchbox', { name: 'Search quizzes' }).fill(POLITY);
      // The search replaces the list (a loading state while it fetches): wait for the filtered list,
      // or the click lands on a row about to be detached and goes nowhere.
      await expect(page.getByTestId('quiz-row')).toHaveCount(1);
      await page.getByRole('link', { name: `Start ${POLITY}` }).click();
      await page.getByRole('button', { name: 'Start Quiz Now' }).click();
      const palette = (await openPalette(page)).getByRole('button');
      await palette.last().focus();
      await page.keyboard.press('Enter');
      const submit = page.getByRole('button', { name: 'Submit', exact: true });
      await tabUntilFocused(page, submit);
      await page.keyboard.press('Enter');
      await expectFocusTrapped(page, 'Submit quiz?', submit);

      // Logout: the user menu opened and used from the keyboard; focus comes back to the menu button.
      const userMenu = page.getByRole('button', { name: /User menu/ });
      await userMenu.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expectFocusTrapped(page, 'Logout', userMenu);

      // Payment: Unlock on the intro of a locked paid quiz.
      const [locked] = await lockedPaidQuizzes(request, learner);
      if (!locked) throw new Error('the demo data has no open paid quiz');
      await page.goto(`/quizzes/intro/${locked._id}`);
      const unlock = page.getByRole('button', { name: /^Unlock Quiz for/ });
      await tabUntilFocused(page, unlock);
      await page.keyboard.press('Enter');
      await expectFocusTrapped(page, 'Unlock Premium Quiz', unlock);

      // Import: on the admin's create page.
      await switchUser(page, await adminSession(request, testInfo));
      await page.goto('/quizzess/create');
      const importButton = page.getByRole('button', { name: 'Import questions' });
      await tabUntilFocused(page, importButton);
      await page.keyboard.press('Enter');
      await expectFocusTrapped(page, 'Import questions', importButton);
    },
  );

  test('focus shows a 2 px ring: violet on light surfaces, amber on the dark landing hero', async ({
    page,
  }) => {
    const ring = (link: Locator) =>
      link.evaluate((el) => {
        const style = getComputedStyle(el);
        return { style: style.outlineStyle, width: style.outlineWidth, color: style.outlineColor };
      });
    await page.goto('/');
    const header = page.getByRole('banner').getByRole('link', { name: 'Start Practicing' });
    await tabUntilFocused(page, header);
    // Polled: `transition-colors` animates outline-color for a moment after focus arrives.
    await expect
      .poll(() => ring(header))
      .toEqual({ style: 'solid', width: '2px', color: 'rgb(124, 58, 237)' }); // brand-600
    const hero = page.getByRole('link', { name: 'How it works' });
    await tabUntilFocused(page, hero);
    // amber-300, as the theme writes it.
    await expect
      .poll(() => ring(hero))
      .toEqual({ style: 'solid', width: '2px', color: 'oklch(0.879 0.169 91.605)' });
  });

  test('on a phone-width screen the closed menu is out of the Tab order; opened, it holds focus until Escape', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signIn(page, await registerViaApi(request));
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const closeMenu = page.getByRole('button', { name: 'Close menu' });
    const inSidebar = () => page.evaluate(() => Boolean(document.activeElement?.closest('#sidebar')));
    // Skip link, menu button, user menu, Edit Profile… none of them in the hidden sidebar.
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      expect(await inSidebar(), `Tab ${i + 1} went into the closed menu`).toBe(false);
    }
    const openMenu = page.getByRole('button', { name: 'Open menu' });
    await openMenu.focus();
    await page.keyboard.press('Enter');
    // Open, the menu is modal: focus starts on Close menu and Tab never reaches the page behind.
    await expect(closeMenu).toBeFocused();
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press(i < 5 ? 'Tab' : 'Shift+Tab');
      const where = await page.evaluate(() => {
        const el = document.activeElement;
        return el?.closest('#sidebar') ? 'sidebar' : el === document.body ? 'body' : 'page';
      });
      expect(where, `Tab ${i + 1} left the open menu`).not.toBe('page');
    }
    await closeMenu.focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Quizzes', exact: true })).toBeFocused();
    // Escape closes it and focus goes back to the button that opened it.
    await page.keyboard.press('Escape');
    await expect(closeMenu).toBeHidden();
    await expect(openMenu).toBeFocused();
    await expect(openMenu).toHaveAttribute('aria-expanded', 'false');
  });
});
