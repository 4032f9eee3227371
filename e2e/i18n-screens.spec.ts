import { expect, test, type Page } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { lockedPaidQuizzes, serverNow } from './support/quizzes';
import { loginViaApi, registerViaApi, signIn } from './support/session';
import { expectNoSidewaysScroll, inHindi } from './support/i18n';

// The learner's screens in Hindi: the quiz list, a summary and its tabs, progress, review, a paid quiz.
/**
 * One of the demo's participants (not the demo learner other specs use: choosing Hindi here saves it to
 * this learner's profile): took part in the demo's ended quizzes, whose results are published.
 */
const DEMO_PHONE = '9000000007';

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
