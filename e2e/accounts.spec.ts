import { expect, test, type Page } from './support/fixtures';
import sharp from 'sharp';
import { freshPhone, registerViaApi, signIn, TOKEN_KEY, USER_KEY } from './support/session';
import { serverClock, resetDevClock } from './support/quizzes';

/** A small real PNG made at test time. */
async function photo(color: string, size = 320): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .png()
    .toBuffer();
}

async function otpFromBanner(page: Page): Promise<string> {
  const banner = page.getByTestId('dev-outbox-banner');
  await expect(banner).toContainText(/[0-9]{6}/);
  return (await banner.locator('strong').textContent())!.trim();
}

async function expectAvatarLoaded(page: Page) {
  const img = page.getByRole('button', { name: 'User menu' }).locator('img');
  // The user menu shows the 96 px copy of the photo (issue 17: avatars at the sizes shown).
  await expect(img).toHaveAttribute(
    'src',
    /^\/api\/files\/avatars\/[0-9a-f-]{36}-96\.webp\?exp=\d+&sig=[\w-]+$/,
  );
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
    .toBeGreaterThan(0);
}

async function pasteInto(page: Page, label: string, text: string) {
  await page.getByLabel(label).evaluate((input, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    input.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

const OTP_LABEL = 'Enter the 6-digit OTP';

test.describe('accounts', () => {
  test('registers with a photo and lands on /quizzes greeted by name with the avatar', async ({ page }) => {
    const phNo = freshPhone();
    await page.goto('/register');
    await expect(page.getByText('Max 2MB')).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await photo('#c2410c'),
    });
    await expect(page.getByRole('img', { name: 'Selected profile photo' })).toBeVisible();

    await page.getByLabel('Name').fill('Meera Kulkarni');
    await page.getByLabel('Phone Number').fill(phNo);
    await page.getByLabel('Place').fill('Nashik');
    await page.getByLabel('Education Level').selectOption('Higher Secondary');
    await page.getByLabel('Institution').fill('KTHM College');
    await page.getByRole('button', { name: 'Continue' }).click();

    const dialog = page.getByRole('dialog', { name: 'Enter Otp' });
    // Said in the dialog beside the boxes, not in a toast over the screen (issue 30, defect 7).
    await expect(dialog.getByTestId('inline-status')).toHaveText('OTP sent successfully');
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    await expect(dialog).toContainText(`+91 ${phNo}`);
    await expect(dialog.getByRole('button', { name: 'Change It' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
    const code = await otpFromBanner(page);

    // Change It goes back to the number; Cancel closes; Continue again reopens with the same, still-valid code.
    await dialog.getByRole('button', { name: 'Change It' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel('Phone Number')).toBeFocused();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog).toBeVisible();

    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(OTP_LABEL).fill(code);
    await confirm.click();

    await expect(page).toHaveURL(/\/quizzes$/);
    // Said on the quiz list in the page's flow, not in a toast over it (issue 30, defect 7).
    await expect(page.getByRole('main').getByTestId('screen-notice')).toHaveText(
      'User registered successfully',
    );
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    await expect(page.getByText('Hi, Meera Kulkarni')).toBeVisible();
    await expectAvatarLoaded(page);

    const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), USER_KEY);
    expect(stored).toMatchObject({
      name: 'Meera Kulkarni',
      phNo,
      place: 'Nashik',
      class: 'Higher Secondary',
    });
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toMatch(/^ey/);
  });

  test('logs out only after confirming', async ({ page, request }) => {
    const session = await registerViaApi(request, { name: 'Kabir Das' });
    await signIn(page, session);
    await page.goto('/quizzes');
    await expect(page.getByText('Hi, Kabir Das')).toBeVisible();
    await expect(page.getByTestId('avatar-placeholder').first()).toBeVisible();

    const menuButton = page.getByRole('button', { name: 'User menu' });
    await menuButton.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await menuButton.click();
    await expect(menu).toBeHidden();

    await menuButton.click();
    await menu.getByRole('menuitem', { name: 'Logout' }).click();
    const confirm = page.getByRole('dialog', { name: 'Logout' });
    await expect(confirm).toContainText('Are you sure want to logout?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(/\/quizzes$/);
    await expect(page.getByText('Hi, Kabir Das')).toBeVisible();

    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('dialog', { name: 'Logout' }).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    expect(
      await page.evaluate(
        ([u, t]) => [localStorage.getItem(u!), localStorage.getItem(t!)],
        [USER_KEY, TOKEN_KEY],
      ),
    ).toEqual([null, null]);

    await page.goto('/quizzes');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fquizzes$/);
  });

  test('a signed-out visit to /profile goes through login and back to /profile', async ({
    page,
    request,
  }) => {
    const session = await registerViaApi(request, { name: 'Ananya Iyer', school: '' });
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
    await expect(page.getByRole('link', { name: 'Create Account' })).toHaveAttribute(
      'href',
      '/register?redirect=%2Fprofile',
    );

    const sendOtp = page.getByRole('button', { name: 'Send OTP' });
    await expect(sendOtp).toBeDisabled();
    const phone = page.getByLabel('Phone Number');
    await phone.fill(session.user.phNo);
    await expect(sendOtp).toBeEnabled();
    await sendOtp.click();
    // Said in the form beside the code's boxes, not in a toast over the screen (issue 30, defect 7).
    await expect(page.locator('form').getByTestId('inline-status')).toHaveText('OTP sent successfully');
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    await expect(phone).toBeDisabled();
    await expect(page.getByTestId('otp-slot')).toHaveCount(6);
    await expect(page.getByRole('button', { name: 'Change Phone Number' })).toBeVisible();

    const verify = page.getByRole('button', { name: 'Verify OTP' });
    await expect(verify).toBeDisabled();
    await page.getByLabel(OTP_LABEL).fill(await otpFromBanner(page));
    await verify.click();

    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
    await expect(page.getByTestId('profile-name')).toHaveText('Ananya Iyer');
    const details = page.locator('dl');
    await expect(details.getByText('Not provided')).toHaveCount(2); // email, institution
    await expect(details).toContainText(session.user.phNo);
    await expect(details).toContainText('Preparing for Competitive exams');
  });

  test('edits the profile, replaces and removes the photo', async ({ page, request }) => {
    const session = await registerViaApi(request, { name: 'Rohan Mehta', place: 'Surat' });
    await signIn(page, session);
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await expect(page).toHaveURL(/\/profile\/edit$/);

    const name = page.getByLabel('Name');
    await expect(name).toHaveValue('Rohan Mehta');
    await name.fill('');
    await expect(page.getByText('Name is required')).toBeHidden(); // not touched yet
    await name.blur();
    await expect(page.getByText('Name is required')).toBeVisible();

    await name.fill('Rohan M.');
    await page.getByLabel('Place').fill('Vadodara');
    await page.getByLabel('Education Level').selectOption('Upper Primary');
    await page.getByLabel('Institution').fill('Baroda High School');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'new.png',
      mimeType: 'image/png',
      buffer: await photo('#15803d', 900),
    });
    await page.getByRole('button', { name: 'Update Profile' }).click();

    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('main').getByTestId('screen-notice')).toHaveText(
      'Profile updated successfully',
    );
    await expect(page.getByTestId('profile-name')).toHaveText('Rohan M.');
    const details = page.locator('dl');
    await expect(details).toContainText('Vadodara');
    await expect(details).toContainText('Upper Primary');
    await expect(details).toContainText('Baroda High School');
    await expect(page.getByText('Hi, Rohan M.')).toBeVisible();
    await expectAvatarLoaded(page);
    await expect(page.getByRole('img', { name: "Rohan M.'s profile photo" })).toBeVisible();

    // Survives a reload (saved on the server and in the stored user).
    await page.reload();
    await expect(page.getByTestId('profile-name')).toHaveText('Rohan M.');

    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await page.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('img', { name: "Rohan M.'s profile photo" })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'User menu' }).locator('img')).toHaveCount(0);

    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await page.getByLabel('Place').fill('Somewhere else');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(details).toContainText('Vadodara');
  });

  test('invalid inputs show the spec messages', async ({ page, request, pageProblems }) => {
    pageProblems.allow(
      /status of (404|400|409) .*\/api\/students\/(login-send-otp|login-verify-otp|signup-send-otp)\]$/,
      'an unknown number, a wrong code and a number already registered are refused: what this test shows',
    );
    await page.goto('/login');
    const phone = page.getByLabel('Phone Number');
    await phone.fill('12345');
    await phone.blur();
    await expect(page.getByText('Phone number must be 10 digits')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send OTP' })).toBeDisabled();
    await phone.fill('');
    await expect(page.getByText('Phone number is required')).toBeVisible();

    // An unknown number: the server's message.
    await phone.fill(freshPhone());
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByText('No account found for this number. Please register.')).toBeVisible();

    // A wrong code: the server's message.
    const session = await registerViaApi(request);
    await phone.fill(session.user.phNo);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    const code = await otpFromBanner(page);
    await page.getByLabel(OTP_LABEL).fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await expect(page.getByText('Invalid OTP')).toBeVisible();

    await page.goto('/register');
    await page.getByRole('button', { name: 'Continue' }).click();
    for (const message of [
      'Name is required',
      'Phone number is required',
      'Place is required',
      'Class is required',
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await page.getByLabel('Phone Number').fill('98765');
    await expect(page.getByText('Phone number must be exactly 10 digits')).toBeVisible();

    const file = page.locator('input[type="file"]');
    await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByText('Please select an image file')).toBeVisible();
    await file.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(2 * 1024 * 1024 + 1, 1),
    });
    await expect(page.getByText('Image must be less than 2MB')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Selected profile photo' })).toHaveCount(0);

    // A registered number: the server's message.
    await page.getByLabel('Name').fill('Someone');
    await page.getByLabel('Phone Number').fill(session.user.phNo);
    await page.getByLabel('Place').fill('Pune');
    await page.getByLabel('Education Level').selectOption('Other');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Phone number already registered')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Enter Otp' })).toHaveCount(0);
  });

  test('code boxes take digits only and a 6-digit paste; resend waits for its countdown', async ({
    page,
    request,
  }) => {
    const session = await registerViaApi(request);
    await page.clock.install();
    await page.goto('/login');
    await page.getByLabel('Phone Number').fill(session.user.phNo);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    const resend = page.getByRole('button', { name: /Resend OTP in \d+s/ });
    await expect(resend).toBeDisabled();

    const otp = page.getByLabel(OTP_LABEL);
    await otp.pressSequentially('a1b2');
    await expect(otp).toHaveValue('12');
    await pasteInto(page, OTP_LABEL, '1234567');
    await expect(otp).toHaveValue('12');
    await pasteInto(page, OTP_LABEL, 'Code: 65-43 21');
    await expect(otp).toHaveValue('654321');

    const first = await otpFromBanner(page);
    await page.clock.fastForward('00:31');
    const ready = page.getByRole('button', { name: 'Resend OTP', exact: true });
    await expect(ready).toBeEnabled();
    // The server's own cooldown runs on its clock: move it past its cooldown for this send, then put it back.
    const { otpResendCooldownMs } = await serverClock(request);
    await request.post('/api/dev/clock', { data: { advanceMs: otpResendCooldownMs + 1_000 } });
    try {
      await ready.click();
      await expect(page.getByText('OTP sent successfully').first()).toBeVisible();
      await expect(page.getByRole('button', { name: /Resend OTP in \d+s/ })).toBeDisabled();
      await expect(otp).toHaveValue('');
      const second = await otpFromBanner(page);
      if (second === first) throw new Error('the banner did not refresh after a resend');
      await otp.fill(second);
      await page.getByRole('button', { name: 'Verify OTP' }).click();
      await expect(page).toHaveURL(/\/quizzes$/);
    } finally {
      await resetDevClock(page);
    }
  });

  test('a refused session anywhere signs out and returns to login with the redirect target', async ({
    page,
    pageProblems,
    request,
  }) => {
    pageProblems.allow(/status of 401 .*\/api\//, 'the server refuses the session: what this test shows');
    const session = await registerViaApi(request, { name: 'Sana Qureshi' });
    await signIn(page, session);
    await page.goto('/quizzes');
    await expect(page.getByText('Hi, Sana Qureshi')).toBeVisible();
    // The quiz list's own requests (the list, the review badge's count, and the streak and daily five,
    // which load after the first paint) finish first: a 401 on one of them would rightly sign out from
    // /quizzes before the learner opens the profile. Waiting for the network to go quiet was not
    // enough: the streak and the daily five asked 1.5 s after it had (CI). Their content is the sign.
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('streak-current')).toBeVisible();
    await expect(page.getByTestId('daily-five-card')).toBeVisible({ timeout: 30_000 });

    const revoked = await request.post('/api/students/logout-all', {
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(revoked.status()).toBe(200);

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
    await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
  });
});
