import { expect, test, type Page, type Response } from './support/fixtures';
import { landingReady } from './support/landing';
import { expectAccessible } from './support/axe';
import { lockedPaidQuizzes, serverNow } from './support/quizzes';
import { freshPhone, loginViaApi, registerViaApi, signIn, TOKEN_KEY } from './support/session';

/** The language switch's own label for Hindi: the only Devanagari allowed on the English landing page. */
const HINDI_NAME = 'हिन्दी';
const DEVANAGARI = /[\u0900-\u097F]+/g;
const LANGUAGE_KEY = 'QUIZCAST_LANGUAGE';

/** Every script, stylesheet and font the page downloads, with its body (for scripts and styles). */
function recordDownloads(page: Page) {
  const downloads: { url: string; body: Promise<string> }[] = [];
  page.on('response', (response: Response) => {
    const type = response.request().resourceType();
    if (type === 'script' || type === 'stylesheet') {
      downloads.push({ url: response.url(), body: response.text().catch(() => '') });
    } else if (type === 'font') {
      downloads.push({ url: response.url(), body: Promise.resolve('') });
    }
  });
  return downloads;
}

async function otpFromBanner(page: Page): Promise<string> {
  const banner = page.getByTestId('dev-outbox-banner');
  await expect(banner).toContainText(/[0-9]{6}/);
  return (await banner.locator('strong').textContent())!.trim();
}

/** At 360 px (the smallest phones we design for) the landing header's controls all fit on screen. */
async function expectHeaderFits(page: Page, startPracticing: string) {
  await page.setViewportSize({ width: 360, height: 740 });
  const header = page.getByRole('banner');
  for (const control of [
    header.getByRole('button', { name: 'English' }),
    header.getByRole('button', { name: HINDI_NAME }),
    header.getByRole('link', { name: startPracticing }),
  ]) {
    const box = (await control.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(box.height).toBeLessThanOrEqual(48);
  }
}

/** Nothing sticks out sideways at this width (long Hindi words must wrap, not overflow). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * One of the demo's participants (not the demo learner other specs use: choosing Hindi here saves it to
 * this learner's profile): took part in the demo's ended quizzes, whose results are published.
 */
const DEMO_PHONE = '9000000007';

/** Opens the app in Hindi, as a learner who chose it on this device. */
async function inHindi(page: Page) {
  await page.addInitScript((key) => window.localStorage.setItem(key, 'hi'), LANGUAGE_KEY);
}

/** A rank as Hindi writes it with digits: 1ला, 2रा, 3रा, 4था, 6ठा, 5वाँ, 11वाँ (CLDR's Hindi ordinals). */
function hindiOrdinal(rank: number): string {
  const suffix = { one: 'ला', two: 'रा', few: 'था', many: 'ठा', other: 'वाँ', zero: 'वाँ' }[
    new Intl.PluralRules('hi-IN', { type: 'ordinal' }).select(rank)
  ];
  return `${new Intl.NumberFormat('hi-IN').format(rank)}${suffix}`;
}

/** "5 दिस॰ 2026, 6:04:09 PM": a date and time through Intl for hi-IN. */
const HINDI_DATE_TIME = /^\d{1,2} [\u0900-\u097F]+ \d{4}, \d{1,2}:\d{2}:\d{2} (AM|PM)$/;
/** "आज, 5:30 PM", "कल, 9:05 AM" or "5 दिस॰ 2026, 6:00 PM". */
const HINDI_START = /^(आज|कल|\d{1,2} [\u0900-\u097F]+ \d{4}), \d{1,2}:\d{2} (AM|PM)$/;

/** Sonner stacks toasts; scan once at most one is showing. */
async function atMostOneToast(page: Page) {
  await expect
    .poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 })
    .toBeLessThanOrEqual(1);
}

/**
 * Signs the demo participant in with Hindi chosen on this device, at 360 px, and finds an ended quiz
 * they took (results published) with its summary from the API.
 */
async function demoInHindi(page: Page) {
  const demo = await loginViaApi(page.request, DEMO_PHONE);
  const now = await serverNow(page.request);
  const listed = await page.request.get('/api/quizzes/participant?limit=50', {
    headers: { authorization: `Bearer ${demo.accessToken}` },
  });
  const { quizzes } = (await listed.json()) as {
    quizzes: { _id: string; name: string; endTimeStamp: string; attendedDetails?: unknown }[];
  };
  const ended = quizzes.find((q) => q.attendedDetails && new Date(q.endTimeStamp).getTime() < now)!;
  expect(ended, 'the demo learner attended an ended demo quiz').toBeTruthy();
  const summaryRes = await page.request.get(`/api/quizzes/participant/quiz-summary/${ended._id}`, {
    headers: { authorization: `Bearer ${demo.accessToken}` },
  });
  const expected = (
    (await summaryRes.json()) as {
      data: { rank: number; totalParticipants: number; quizDetails: { questions: unknown[] } };
    }
  ).data;

  await inHindi(page);
  await signIn(page, demo);
  await page.setViewportSize({ width: 360, height: 740 });
  return { demo, ended, expected };
}

test.describe('हिन्दी', () => {
  test('the English landing page downloads no Hindi text and no Devanagari font', async ({ page }) => {
    const downloads = recordDownloads(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Master Every Quiz With Confidence');
    await landingReady(page);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    const english = [...downloads];
    expect(english.some((d) => d.url.endsWith('.js'))).toBe(true);
    for (const { url, body } of english) {
      const devanagari = new Set((await body).match(DEVANAGARI) ?? []);
      devanagari.delete(HINDI_NAME);
      expect([...devanagari], url).toEqual([]);
      expect(url).not.toMatch(/noto-sans-devanagari|hi\.json|server-messages\.hi/);
    }

    await expectHeaderFits(page, 'Start Practicing');

    // Choosing Hindi downloads the Hindi and the font (only now).
    await page.getByRole('banner').getByRole('button', { name: HINDI_NAME }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('हर क्विज़ में महारत, पूरे आत्मविश्वास के साथ');
    await page.evaluate(() => document.fonts.ready);
    await expectHeaderFits(page, 'अभ्यास शुरू करें');
    await expect.poll(() => downloads.some((d) => /noto-sans-devanagari.*\.woff2/.test(d.url))).toBe(true);
    expect(downloads.some((d) => /hi\.json/.test(d.url))).toBe(true);
  });

  test('switch on the landing page, stay in Hindi after a reload, register and log in in Hindi', async ({
    page,
    pageProblems,
    request,
  }) => {
    pageProblems.allow(
      /status of 400 .*\/api\/students\/login-verify-otp\]$/,
      'a wrong code is refused in Hindi: part of this test',
    );
    // The whole journey (landing, register, OTP, log out, log in, back to English) in one test.
    test.setTimeout(120_000);
    await page.goto('/');
    // The landing page's code starts after its first paint (ADR 013): the switch works once it has run.
    await landingReady(page);
    const header = page.getByRole('banner');
    // Reads "English / हिन्दी": each language named in its own script.
    await expect(header.getByRole('group', { name: 'Language' })).toHaveText(/^English\s*\/\s*हिन्दी$/);
    await header.getByRole('button', { name: HINDI_NAME }).click();

    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(header.getByRole('button', { name: HINDI_NAME })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('अपनी तैयारी को रॉकेट की रफ़्तार दें')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'ऑडियो क्विज़ ज़्यादा असरदार क्यों हैं' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'अभ्यास शुरू करें' })).toBeVisible();
    // The Devanagari face is in use (self-hosted Noto Sans Devanagari), not a fallback.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          await document.fonts.ready;
          return [...document.fonts].some(
            (face) => face.family.includes('Noto Sans Devanagari') && face.status === 'loaded',
          );
        }),
      )
      .toBe(true);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, 'landing (hi)');

    // A reload keeps Hindi.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('हर क्विज़ में महारत, पूरे आत्मविश्वास के साथ');
    expect(await page.evaluate((key) => localStorage.getItem(key), LANGUAGE_KEY)).toBe('hi');

    // Register in Hindi: labels, validation messages, the OTP dialog.
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'अकाउंट बनाएँ' })).toBeVisible();
    await page.getByRole('button', { name: 'आगे बढ़ें' }).click();
    await expect(page.getByText('नाम डालना ज़रूरी है')).toBeVisible();
    await expect(page.getByText('फ़ोन नंबर डालना ज़रूरी है')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, 'register (hi)');

    const phNo = freshPhone();
    await page.getByLabel('नाम').fill('सुनीता यादव');
    await page.getByLabel('फ़ोन नंबर').fill(phNo);
    await page.getByLabel('जगह (शहर या गाँव)').fill('प्रयागराज');
    await page.getByLabel('पढ़ाई का स्तर').selectOption({ label: 'प्रतियोगी परीक्षा की तैयारी' });
    await page.getByRole('button', { name: 'आगे बढ़ें' }).click();
    await expect(page.getByText('OTP भेज दिया गया है')).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'OTP डालें' });
    await expect(dialog).toContainText(`हमने +91 ${phNo} पर 6 अंकों का कोड भेजा है।`);
    await expectAccessible(page, 'OTP dialog (hi)', { include: '[role="dialog"]' });
    await dialog.getByLabel('6 अंकों का OTP डालें').fill(await otpFromBanner(page));
    await dialog.getByRole('button', { name: 'पक्का करें' }).click();

    await expect(page).toHaveURL(/\/quizzes$/);
    await expect(page.getByText('नमस्ते, सुनीता यादव')).toBeVisible();
    // The sidebar (behind the menu toggle on phones) speaks Hindi too.
    await expect(page.locator('aside nav')).toHaveAttribute('aria-label', 'मुख्य');
    await expect(page.locator('aside nav')).toContainText('क्विज़');
    // The choice made before signing up is now in the profile too (so other devices follow it).
    const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
    await expect
      .poll(async () => {
        const me = await request.get('/api/students/me', { headers: { authorization: `Bearer ${token}` } });
        return ((await me.json()) as { data: { preferredLanguage: string | null } }).data.preferredLanguage;
      })
      .toBe('hi');

    // Log out from the user menu, in Hindi.
    await page.getByRole('button', { name: 'सुनीता यादव, यूज़र मेन्यू' }).click();
    await page.getByRole('menuitem', { name: 'लॉग आउट' }).click();
    const confirm = page.getByRole('dialog', { name: 'लॉग आउट' });
    await expect(confirm).toContainText('क्या आप सच में लॉग आउट करना चाहते हैं?');
    await confirm.getByRole('button', { name: 'लॉग आउट' }).click();

    // Log in in Hindi; the server's refusal of a wrong code arrives in Hindi too.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'लॉग इन' })).toBeVisible();
    await page.getByLabel('फ़ोन नंबर').fill(phNo);
    await page.getByRole('button', { name: 'OTP भेजें' }).click();
    const code = await otpFromBanner(page);
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('6 अंकों का OTP डालें').fill(wrong);
    await page.getByRole('button', { name: 'OTP जाँचें' }).click();
    await expect(page.getByText('OTP गलत है')).toBeVisible();
    await expectNoSidewaysScroll(page);
    // Earlier toasts (code sent, logged out) stack faded behind the newest one until they expire;
    // scan once only the newest is showing, as on the other screens.
    await expect
      .poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 })
      .toBeLessThanOrEqual(1);
    await expectAccessible(page, 'login (hi)');
    await page.getByLabel('6 अंकों का OTP डालें').clear();
    await page.getByLabel('6 अंकों का OTP डालें').fill(code);
    await page.getByRole('button', { name: 'OTP जाँचें' }).click();
    await expect(page.getByText('नमस्ते, सुनीता यादव')).toBeVisible();
    await expectAccessible(page, 'signed-in layout (hi)');

    // Back to English from the user menu: the spec's English, <html lang="en">, and the profile follows.
    await page.getByRole('button', { name: 'सुनीता यादव, यूज़र मेन्यू' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page.getByText('Hi, सुनीता यादव')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // Logging out revoked the first token (issue 15): read the new session's.
    const second = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
    expect(second).not.toBe(token);
    await expect
      .poll(async () => {
        const me = await request.get('/api/students/me', { headers: { authorization: `Bearer ${second}` } });
        return ((await me.json()) as { data: { preferredLanguage: string | null } }).data.preferredLanguage;
      })
      .toBe('en');
  });

  test('a device where the learner never chose follows the language in their profile', async ({
    page,
    request,
  }) => {
    const phNo = freshPhone();
    const sent = await request.post('/api/students/signup-send-otp', { data: { phNo } });
    expect(sent.ok()).toBe(true);
    const otp = ((await (await request.get(`/api/dev/outbox?phNo=${phNo}`)).json()) as { otp: string }).otp;
    const signup = await request.post('/api/students/signup', {
      multipart: { phNo, otp, name: 'Ravi Kumar', place: 'Patna', class: 'High School' },
    });
    const { accessToken } = (await signup.json()) as { accessToken: string };
    const chose = await request.put('/api/students/preferred-language', {
      data: { preferredLanguage: 'hi' },
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(chose.ok()).toBe(true);
    const withLanguage = ((await chose.json()) as { data: { _id: string; preferredLanguage: string } }).data;

    await page.addInitScript(
      ({ user, token }) => {
        if (!window.sessionStorage.getItem('__e2e_signed_in')) {
          window.localStorage.setItem('USER_PARTICIPANT', JSON.stringify(user));
          window.localStorage.setItem('ACCESS_TOKEN_PARTICIPANT', token);
          window.sessionStorage.setItem('__e2e_signed_in', '1');
        }
      },
      { user: withLanguage, token: accessToken },
    );
    await page.goto('/quizzes');
    await expect(page.getByText('नमस्ते, Ravi Kumar')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  });

  test('the not-found page is in Hindi too', async ({ page }) => {
    await page.addInitScript((key) => window.localStorage.setItem(key, 'hi'), LANGUAGE_KEY);
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'यह पेज नहीं मिला' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'होम पेज पर जाएँ' })).toBeVisible();
    await expectAccessible(page, 'not found (hi)');
  });

  test('the quiz list and a summary in Hindi: Intl start labels and dates, rank as an ordinal', async ({
    page,
  }) => {
    const { ended, expected } = await demoInHindi(page);
    // The quiz list: heading, search, filters, rows with Hindi status and Intl start labels.
    await page.goto('/quizzes');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { level: 1, name: 'क्विज़' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'क्विज़ खोजें' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'परीक्षा के हिसाब से छाँटें' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'सभी' })).toHaveAttribute('aria-pressed', 'true');
    const rows = page.getByTestId('quiz-row');
    await expect(rows.first()).toBeVisible();
    const startLabel = (await rows.first().locator('p span span').first().textContent())!.trim();
    expect(startLabel).toMatch(HINDI_START);
    await expect(rows.first()).toContainText(/\d+ मिनट/);
    await expect(page.getByText(/^(दे चुके हैं|समय खत्म|अभी नहीं दिया)$/).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, 'quiz list (hi)');

    // Search with no match: the empty state in Hindi.
    await page.getByRole('searchbox', { name: 'क्विज़ खोजें' }).fill('कोई ऐसा क्विज़ नहीं');
    await expect(page.getByText('अभी कोई क्विज़ उपलब्ध नहीं है')).toBeVisible();
    await expect(page.getByText('कुछ और खोजकर देखें या दूसरी परीक्षा चुनें।')).toBeVisible();

    // From the list to the summary of the ended quiz.
    await page.getByRole('searchbox', { name: 'क्विज़ खोजें' }).fill(ended.name);
    await expect(rows).toHaveCount(1);
    await page.getByRole('link', { name: `${ended.name} का नतीजा देखें` }).click();
    await expect(page.getByRole('heading', { level: 1, name: ended.name })).toBeVisible();
    const details = page.getByRole('list', { name: 'क्विज़ की जानकारी' });
    await expect(details).toContainText(/समय: \d+ मिनट/);
    await expect(details).toContainText(/लगा समय: \d+\.\d मिनट/);
    await expect(details).toContainText(`${expected.quizDetails.questions.length} प्रश्न`);
    const rank = page.getByRole('region', { name: 'रैंक' });
    await expect(rank).toContainText('आपकी रैंक');
    await expect(rank).toContainText(hindiOrdinal(expected.rank));
    await expect(rank).toContainText(`कुल ${expected.totalParticipants} प्रतिभागियों में`);
    await expect(page.getByRole('region', { name: 'सही उत्तर' })).toContainText('सटीकता');
    await expect(page.getByRole('region', { name: 'शुरू किया' }).locator('span.text-lg')).toHaveText(
      HINDI_DATE_TIME,
    );
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, 'summary (hi)');
  });

  test("the summary's Questions, Analysis and Leaderboard tabs in Hindi", async ({ page }) => {
    const { ended, expected } = await demoInHindi(page);
    await page.goto(`/quizzes/summary/${ended._id}`);
    await expect(page.getByRole('heading', { level: 1, name: ended.name })).toBeVisible();
    await page.getByRole('tab', { name: 'प्रश्न' }).click();
    const items = page.getByRole('listitem', { name: /^प्रश्न \d+$/ });
    await expect(items).toHaveCount(expected.quizDetails.questions.length);
    await expect(items.first().getByText(/^\s*(सही|गलत)\s*$/)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, 'questions (hi)');

    await page.getByRole('tab', { name: 'विश्लेषण' }).click();
    await expect(page.getByRole('figure', { name: 'टॉपिक के हिसाब से सटीकता और अंक' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^नेगेटिव मार्किंग सलाहकार/ })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'टॉपिक के हिसाब से सटीकता और अंक: आँकड़ों की टेबल' }),
    ).toContainText('सटीकता');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, 'analysis (hi)');

    await page.getByRole('tab', { name: 'लीडरबोर्ड' }).click();
    const board = page.getByRole('table', { name: 'लीडरबोर्ड' });
    await expect(board.getByRole('columnheader', { name: 'नाम' })).toBeVisible();
    await expect(board.getByRole('cell', { name: hindiOrdinal(1), exact: true }).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, 'leaderboard (hi)');
  });

  test("/progress and /review in Hindi: charts' names and data tables", async ({ page }) => {
    await demoInHindi(page);
    // /progress: headings, charts' names and their data tables.
    await page.goto('/progress');
    await expect(page.getByRole('heading', { level: 1, name: 'आपकी प्रगति' })).toBeVisible();
    const trend = page.getByRole('figure', { name: 'समय के साथ स्कोर और पर्सेंटाइल' });
    await expect(trend.getByRole('img', { name: 'समय के साथ स्कोर और पर्सेंटाइल' })).toBeVisible();
    await expect(trend.getByRole('columnheader', { name: 'तारीख' })).toBeVisible();
    // Dates in the table through Intl for hi-IN ("5 दिस॰").
    await expect(trend.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(
      /^\d{1,2} [\u0900-\u097F]+$/,
    );
    await expect(page.getByRole('figure', { name: 'टॉपिक के हिसाब से सटीकता (सबसे कमज़ोर पहले)' })).toContainText(
      'सबसे कमज़ोर:',
    );
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, 'progress (hi)');

    // /review: the summary and the 14-day forecast.
    await page.goto('/review');
    await expect(page.getByRole('heading', { level: 1, name: 'दोहराई' })).toBeVisible();
    await expect(page.getByLabel('ऑडियो मोड')).toBeVisible();
    await expect(page.getByText('आज बाकी')).toBeVisible();
    await expect(page.getByText('अगले 14 दिनों में दोहराने वाले कार्ड')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, 'review (hi)');
  });

  test('a paid quiz in Hindi: intro, price with GST, the payment dialog and its toast', async ({ page }) => {
    const session = await registerViaApi(page.request);
    const [quiz] = await lockedPaidQuizzes(page.request, session);
    expect(quiz, 'the demo data has a live paid quiz').toBeTruthy();
    await inHindi(page);
    await signIn(page, session);
    await page.setViewportSize({ width: 360, height: 740 });

    await page.goto(`/quizzes/intro/${quiz!._id}`);
    await expect(page.getByRole('heading', { level: 1, name: quiz!.name })).toBeVisible();
    await expect(page.getByText('प्रीमियम क्विज़', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'निर्देश' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'काम की बातें' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'क्विज़ की सूची पर लौटें' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, 'quiz intro (hi)');

    await page.getByRole('button', { name: '₹10 में क्विज़ अनलॉक करें + 18% जीएसटी' }).click();
    const dialog = page.getByRole('dialog', { name: 'प्रीमियम क्विज़ अनलॉक करें' });
    await expect(dialog.getByText('क्विज़ की कीमत')).toBeVisible();
    await expect(dialog.getByText('जीएसटी (18%)')).toBeVisible();
    await expect(dialog.getByText('₹1.80')).toBeVisible();
    await expectAccessible(page, 'payment dialog (hi)', { include: '[role="dialog"]' });
    await dialog.getByRole('button', { name: '₹11.80 का पेमेंट करें' }).click();
    const checkout = page.getByRole('dialog', { name: 'Test checkout' });
    await checkout.getByRole('button', { name: 'Pay' }).click();
    // Said once, in the dialog: no second toast over the page behind it (issue 30, defect 9).
    await expect(dialog.getByRole('status')).toHaveText('पेमेंट हो गया! अब आप क्विज़ शुरू कर सकते हैं।');
    await expect(page.getByRole('region', { name: /सूचनाएँ/ }).getByText(/पेमेंट हो गया/)).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'अभी क्विज़ शुरू करें', exact: true })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'अपने पेमेंट देखें' })).toBeVisible();
    await atMostOneToast(page);
    await expectAccessible(page, 'payment done (hi)', { include: '[role="dialog"]' });

    // The receipt on /payment, in Hindi, its date through Intl.
    await page.goto('/payment');
    await expect(page.getByRole('heading', { level: 1, name: 'पेमेंट' })).toBeVisible();
    const receipt = page.getByRole('listitem').filter({ hasText: quiz!.name });
    await expect(receipt.getByText('सफल', { exact: true })).toBeVisible();
    await expect(receipt.locator('time')).toHaveText(
      /^\d{1,2} [\u0900-\u097F]+ \d{4}, \d{1,2}:\d{2} (AM|PM)$/,
    );
    await expectNoSidewaysScroll(page);
    await atMostOneToast(page);
    await expectAccessible(page, 'payments page (hi)');
  });
});
