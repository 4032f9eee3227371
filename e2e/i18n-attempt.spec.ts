import { expect, test, type Page } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { advancePastGrace, createLiveQuiz, retireQuiz, resetDevClock } from './support/quizzes';
import { registerViaApi, signIn } from './support/session';
import { lastSpoken, recordingSpeech } from './support/speech';

/**
 * Issue 18, the attempt: a learner who chose Hindi takes a quiz (question, palette, submit dialog),
 * sees it submitted and opens its summary, every screen in Hindi; audio mode speaks the app's cues in
 * Hindi with a hi-IN voice, and says once where the device has no Hindi voice.
 */

const LANGUAGE_KEY = 'QUIZCAST_LANGUAGE';
const DEVANAGARI = /[\u0900-\u097F]/;

/** Three questions: English, Hindi, English. */
const QUESTIONS = [
  {
    qn: 'Which article of the Constitution abolishes untouchability?',
    choices: ['Article 17', 'Article 21', 'Article 32'],
    ansIndex: 0,
    lang: 'en',
  },
  { qn: 'भारत के प्रथम राष्ट्रपति कौन थे?', choices: ['जवाहरलाल नेहरू', 'राजेंद्र प्रसाद'], ansIndex: 1, lang: 'hi' },
  {
    qn: 'How many fundamental duties are listed today?',
    choices: ['10', '11', '12', '9'],
    ansIndex: 1,
    lang: 'en',
  },
] as const;

/** A free quiz with these questions, live now and ending in 10 minutes. */
const createHindiQuiz = (page: Page, label: string) =>
  createLiveQuiz(page, test.info(), {
    name: `हिन्दी अभ्यास ${label}`,
    desc: 'Three questions, taken in Hindi.',
    exam: 'SSC',
    questions: QUESTIONS,
  });

/** From the quiz's intro page (in Hindi) into the attempt. */
async function startQuiz(page: Page, quizId: string) {
  await page.goto(`/quizzes/intro/${quizId}`);
  await page.getByRole('button', { name: 'अभी क्विज़ शुरू करें' }).click();
  await expect(page).toHaveURL(/\/quizzes\/attend$/);
  await expect(page.getByRole('heading', { level: 2, name: /^प्रश्न 1 \(3 में से\)$/ })).toBeVisible();
}

/** The palette, opened: a drawer behind its button on phones, always open on wide screens. */
async function openHindiPalette(page: Page) {
  const palette = page.getByRole('navigation', { name: 'प्रश्न पैलेट' });
  await palette.waitFor();
  const toggle = palette.getByRole('button', { name: /^प्रश्न पैलेट/ });
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false')
    await toggle.click();
  return palette;
}

/** Nothing sticks out sideways (long Hindi words must wrap). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The page is in Hindi: `<html lang="hi">`, and the main content has Devanagari text. */
async function expectHindi(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  expect(await page.locator('main').innerText()).toMatch(DEVANAGARI);
}

test.describe('हिन्दी: the attempt', () => {
  test('switch to Hindi, take a quiz (answer, palette, submit dialog), see it submitted and open its summary', async ({
    page,
  }) => {
    // Every screen with an axe scan, and the server clock moved past the quiz's end for its summary.
    test.setTimeout(180_000);
    const quiz = await createHindiQuiz(page, 'journey');
    const session = await registerViaApi(page.request, { name: 'Kavita Devi' });
    await signIn(page, session);
    try {
      // Switch to Hindi from the user menu (English until now).
      await page.goto('/quizzes');
      await page.getByRole('button', { name: 'Kavita Devi, User menu' }).click();
      await page.getByRole('menuitemradio', { name: 'हिन्दी' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'hi');

      // The attempt screen.
      await startQuiz(page, quiz.id);
      await expectHindi(page);
      await expect(page.getByRole('timer', { name: 'बचा हुआ समय' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'ऑडियो मोड: बंद' })).toBeVisible();
      await expect(page.getByText('जवाब नहीं दिया', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'सुनें', exact: true })).toBeVisible();
      await expect.poll(() => page.title()).toBe(`${quiz.name} · क्विज़ चल रहा है · Quizcast`);
      await expectNoSidewaysScroll(page);
      await expectAccessible(page, 'attempt (hi)');

      // Answer the first question; the next one (in Hindi) has the question language switch in Hindi.
      await page.getByRole('radio', { name: /Article 17/ }).check();
      await expect(page.getByText('जवाब दिया', { exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'सेव करें और आगे' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'प्रश्न 2 (3 में से)' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'पिछला' })).toBeEnabled();

      // The palette: each question's state in Hindi, the legend with counts.
      const palette = await openHindiPalette(page);
      await expect(palette.getByRole('button', { name: 'प्रश्न 1, जवाब दिया' })).toBeVisible();
      await expect(palette.getByRole('button', { name: 'प्रश्न 3, नहीं देखा' })).toBeVisible();
      await expect(palette.getByRole('list', { name: 'प्रश्नों की स्थिति' })).toContainText('जवाब दिया: 1 प्रश्न');
      await expect(palette).toContainText('3 में से 1 के जवाब दिए');
      await expectAccessible(page, 'attempt palette (hi)');

      // A reload keeps Hindi (and the attempt).
      await page.reload();
      await expect(page.getByRole('heading', { level: 2, name: /^प्रश्न \d \(3 में से\)$/ })).toBeVisible();
      await expectHindi(page);
      expect(await page.evaluate((key) => localStorage.getItem(key), LANGUAGE_KEY)).toBe('hi');

      // The submit dialog: counts by state, in Hindi.
      await page.getByRole('button', { name: 'जमा करें', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'क्विज़ जमा करें?' });
      await expect(dialog).toContainText('2 प्रश्नों के जवाब अभी बाकी हैं।');
      await expect(dialog.getByRole('row', { name: /^जवाब दिया\s*1$/ })).toBeVisible();
      await expectAccessible(page, 'submit dialog (hi)', { include: '[role="dialog"]' });
      await dialog.getByRole('button', { name: 'जमा करें' }).click();

      // Submitted, in Hindi, with the results time through Intl for hi-IN.
      await expect(page).toHaveURL(/\/quizzes\/submitted$/);
      await expect(page.getByRole('heading', { level: 1, name: 'क्विज़ जमा हो गया!' })).toBeVisible();
      await expect(page.getByText('आपके जवाब दर्ज हो गए हैं।')).toBeVisible();
      await expect(page.getByTestId('results-at')).toHaveText(
        /^आपका स्कोर, रैंक और सही उत्तर (\d{1,2} [\u0900-\u097F]+॰?, \d{1,2}:\d{2}\s(AM|PM) IST को|क्विज़ खत्म होने के बाद) जारी होंगे।$/,
      );
      await expect(page.getByRole('link', { name: 'क्विज़ की सूची पर लौटें' })).toBeVisible();
      await expect.poll(() => page.title()).toBe('क्विज़ जमा हो गया · Quizcast');
      await expectNoSidewaysScroll(page);
      await expectAccessible(page, 'submitted (hi)');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'क्विज़ जमा हो गया!' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'hi');

      // Past the quiz's end and the submit grace, the server publishes: the summary, in Hindi.
      const advanceMs = await advancePastGrace(page.request, quiz.endAt);
      expect((await page.request.post('/api/dev/clock', { data: { advanceMs } })).ok()).toBe(true);
      await page.goto(`/quizzes/summary/${quiz.id}`);
      await expect(page.getByRole('heading', { level: 1, name: quiz.name })).toBeVisible();
      await expect(page.getByRole('region', { name: 'रैंक' })).toContainText('आपकी रैंक');
      await expectHindi(page);
      await expectNoSidewaysScroll(page);
      await expectAccessible(page, 'summary after a Hindi attempt (hi)');
      await page.reload();
      await expect(page.getByRole('region', { name: 'रैंक' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    } finally {
      await resetDevClock(page);
      await retireQuiz(page.request, quiz.adminToken, quiz.id);
    }
  });

  test('audio mode in Hindi: the app’s cues in Hindi with a hi-IN voice, questions in their own language', async ({
    page,
  }) => {
    const quiz = await createHindiQuiz(page, 'audio');
    const session = await registerViaApi(page.request);
    await page.addInitScript(recordingSpeech, ['en-IN', 'hi-IN']);
    await page.addInitScript((key) => window.localStorage.setItem(key, 'hi'), LANGUAGE_KEY);
    await signIn(page, session);
    try {
      await startQuiz(page, quiz.id);
      await page.getByRole('button', { name: 'ऑडियो मोड: बंद' }).click();
      await expect(page.getByRole('button', { name: 'ऑडियो मोड: चालू' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(page.getByText(/^कुंजियाँ: 1–6 या A–F से उत्तर चुनें/)).toBeVisible();
      // The English question is read in English, by the English voice.
      await expect
        .poll(() => lastSpoken(page, 4))
        .toEqual([
          { text: QUESTIONS[0].qn, lang: 'en-IN', voice: 'stand-in-en-IN' },
          ...QUESTIONS[0].choices.map((c, i) => ({
            text: `Option ${String.fromCharCode(65 + i)}: ${c}`,
            lang: 'en-IN',
            voice: 'stand-in-en-IN',
          })),
        ]);

      // A key picks a choice; the app confirms it in Hindi, with the Hindi voice, and shows it.
      await page.keyboard.press('2');
      await expect(page.getByRole('radio').nth(1)).toBeChecked();
      await expect(page.getByRole('status').filter({ hasText: 'विकल्प B चुना गया' })).toBeVisible();
      await expect
        .poll(() => lastSpoken(page, 1))
        .toEqual([{ text: 'विकल्प B चुना गया', lang: 'hi-IN', voice: 'stand-in-hi-IN' }]);

      // The Hindi question: read in Hindi, its choices introduced as "विकल्प A".
      await page.keyboard.press('n');
      await expect(page.getByRole('heading', { level: 2, name: 'प्रश्न 2 (3 में से)' })).toBeVisible();
      await expect
        .poll(() => lastSpoken(page, 3))
        .toEqual([
          { text: QUESTIONS[1].qn, lang: 'hi-IN', voice: 'stand-in-hi-IN' },
          { text: 'विकल्प A: जवाहरलाल नेहरू', lang: 'hi-IN', voice: 'stand-in-hi-IN' },
          { text: 'विकल्प B: राजेंद्र प्रसाद', lang: 'hi-IN', voice: 'stand-in-hi-IN' },
        ]);
      await page.keyboard.press('p');
      await page.keyboard.press('p');
      await expect
        .poll(() => lastSpoken(page, 1))
        .toEqual([{ text: 'यह पहला प्रश्न है।', lang: 'hi-IN', voice: 'stand-in-hi-IN' }]);
      // This device has a Hindi voice: no notice.
      await expect(page.getByTestId('no-hindi-voice')).toHaveCount(0);
      await expectAccessible(page, 'attempt in audio mode (hi)');
    } finally {
      await retireQuiz(page.request, quiz.adminToken, quiz.id);
    }
  });

  test('a device without a Hindi voice: the app says so once, and shows the cues it cannot speak', async ({
    page,
  }) => {
    const quiz = await createHindiQuiz(page, 'no-voice');
    const session = await registerViaApi(page.request);
    await page.addInitScript(recordingSpeech, ['en-IN', 'en-US']);
    await page.addInitScript((key) => window.localStorage.setItem(key, 'hi'), LANGUAGE_KEY);
    await signIn(page, session);
    try {
      await startQuiz(page, quiz.id);
      await page.getByRole('button', { name: 'ऑडियो मोड: बंद' }).click();
      const notice = page.getByTestId('no-hindi-voice');
      await expect(notice).toContainText('इस डिवाइस में हिन्दी आवाज़ नहीं है');
      await expectAccessible(page, 'no Hindi voice notice (hi)');

      // The cue is shown, not spoken in a voice that cannot say it.
      await page.keyboard.press('2');
      await expect(page.getByRole('radio').nth(1)).toBeChecked();
      await expect(page.getByRole('status').filter({ hasText: 'विकल्प B चुना गया' })).toBeVisible();
      const texts = (await lastSpoken(page, 20)).map((u) => u.text);
      expect(texts).toContain(QUESTIONS[0].qn);
      expect(texts).not.toContain('विकल्प B चुना गया');

      // Dismissed once, it stays away on this device (audio mode is still on after the reload).
      await notice.getByRole('button', { name: 'ठीक है, समझ गए' }).click();
      await expect(notice).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('button', { name: 'ऑडियो मोड: चालू' })).toBeVisible();
      await expect(page.getByRole('group', { name: 'ऑडियो कंट्रोल' })).toBeVisible();
      await expect(page.getByTestId('no-hindi-voice')).toHaveCount(0);
    } finally {
      await retireQuiz(page.request, quiz.adminToken, quiz.id);
    }
  });
});
