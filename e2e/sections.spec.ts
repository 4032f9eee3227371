import { expect, test } from './support/fixtures';
import { openPalette } from './support/attempt';
import { expectAccessible } from './support/axe';
import { advancePastGrace, createQuizViaApi, retireQuiz, serverNow } from './support/quizzes';
import { adminSession, registerViaApi, signIn } from './support/session';

/**
 * Issue 26: an IBPS PO prelims-style mock (three timed sections in a locked order, 3 minutes each here) end to end at
 * 360 px: the section header and clock, the section's clock running out (the server's clock and the
 * page's moved together, never slept on), the interstitial, no way back, closing a section early,
 * submit, publication and the section table.
 */

const MIN = 60_000;
const mcq = (qn: string, section: number, choices: string[], ansIndex = 0) => ({
  qn,
  choices,
  ansIndex,
  section,
});

test('a learner runs a locked sectional mock: auto-advance, no way back, early close, section results', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000); // three sections, four axe passes and publication on a shared 2-core machine
  if (testInfo.project.name === 'mobile') await page.setViewportSize({ width: 360, height: 780 });
  await page.clock.install();
  const admin = await adminSession(page.request, testInfo);
  const now = await serverNow(page.request);
  // Three 3-minute sections in a 12-minute window: publication is a short jump of both clocks.
  const endAt = now + 12 * MIN;
  const name = `IBPS sectional ${testInfo.project.name} ${now}`;
  const created = await createQuizViaApi(page.request, admin, {
    name,
    desc: 'Three timed sections in a locked order.',
    exam: 'Banking',
    class: 'Preparing for Competitive exams',
    duration: 9,
    startTimeStamp: new Date(now - MIN).toISOString(),
    endTimeStamp: new Date(endAt).toISOString(),
    price: 0,
    published: true,
    markingScheme: { correct: 1, wrong: 0.25 },
    navigation: 'locked',
    sections: [
      { name: 'English Language', nameHi: 'अंग्रेज़ी भाषा', duration: 3, cutoff: 1 },
      { name: 'Quantitative Aptitude', nameHi: 'संख्यात्मक अभियोग्यता', duration: 3, cutoff: 1 },
      { name: 'Reasoning Ability', nameHi: 'तर्कशक्ति', duration: 3 },
    ],
    questions: [
      mcq('Choose the synonym of ABUNDANT.', 0, ['Plentiful', 'Scarce']),
      mcq('Choose the antonym of ANCIENT.', 0, ['Modern', 'Old']),
      mcq('What is 15% of 200?', 1, ['30', '20']),
      mcq('What is 7 × 8?', 1, ['56', '54']),
      mcq('If A > B and B > C, then A ? C', 2, ['Greater', 'Smaller']),
      mcq('Which number comes next: 2, 4, 8, …?', 2, ['16', '12']),
    ],
  });
  const learner = await registerViaApi(page.request);
  // Move the server's clock and the page's by the same amount (the page keeps the server's offset).
  const moveClocks = async (ms: number) => {
    expect((await page.request.post('/api/dev/clock', { data: { advanceMs: ms } })).ok()).toBe(true);
    await page.clock.fastForward(ms);
  };

  try {
    await signIn(page, learner);
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`/quizzes/intro/${created._id}`);
    await page.getByRole('button', { name: 'Start Quiz Now' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    // Section 1: its header, its own clock, the question's place in it.
    const header = page.getByRole('region', { name: /^Section \d of 3/ });
    await expect(header.getByRole('heading', { name: 'Section 1 of 3 · English Language' })).toBeVisible();
    await expect(header).toContainText('Question 1 of 2 in this section');
    await expect(header.getByRole('timer', { name: 'Time left in this section' })).toContainText(/\d\d:\d\d/);
    await page.getByRole('radio', { name: 'Plentiful' }).check();
    await page.getByRole('button', { name: 'Save & Next' }).click();
    await expect(header).toContainText('Question 2 of 2 in this section');
    await page.getByRole('radio', { name: 'Old' }).check();
    await expect(page.getByText('All answers saved')).toBeVisible();
    const palette = await openPalette(page);
    await expect(palette.getByRole('heading', { name: 'English Language', exact: true })).toBeVisible();
    await expect(palette.getByRole('button', { name: /^Question 3,/ })).toBeDisabled();
    await expectAccessible(page, 'sectioned attempt screen');

    // Section 1's time runs out: the attempt moves on by itself to the interstitial.
    await moveClocks(3 * MIN + 1_000);
    const interstitial = page.getByRole('region', { name: 'Section 2: Quantitative Aptitude' });
    await expect(interstitial).toBeVisible();
    await expect(interstitial).toContainText('Section 1 closed');
    await expect(interstitial).toContainText('3 minutes · 2 questions');
    await expect(
      interstitial.getByRole('heading', { name: 'Section 2: Quantitative Aptitude' }),
    ).toBeFocused();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Section 1 closed. Section 2: Quantitative Aptitude starts now' }),
    ).toBeAttached();
    await expectAccessible(page, 'section interstitial');
    await interstitial.getByRole('button', { name: 'Continue to Quantitative Aptitude' }).click();

    // Section 2: no way back to section 1 (Previous stops at its first question; its tiles are closed).
    await expect(
      header.getByRole('heading', { name: 'Section 2 of 3 · Quantitative Aptitude' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Question 3 of 6' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await openPalette(page);
    await expect(palette.getByRole('heading', { name: 'English Language (closed)' })).toBeVisible();
    await expect(palette.getByRole('button', { name: /^Question 1,/ })).toBeDisabled();
    await page.getByRole('radio', { name: '30' }).check();
    await expect(page.getByText('All answers saved')).toBeVisible();

    // Close section 2 early, after the confirmation.
    await header.getByRole('button', { name: 'Close section early' }).click();
    const confirm = page.getByRole('dialog', { name: 'Close Quantitative Aptitude now?' });
    await expect(confirm).toContainText('Reasoning Ability starts at once');
    await expectAccessible(page, 'close section dialog', { include: '[role="dialog"]' });
    await confirm.getByRole('button', { name: 'Close section' }).click();
    const third = page.getByRole('region', { name: 'Section 3: Reasoning Ability' });
    await expect(third).toContainText('Section 2 closed');
    await third.getByRole('button', { name: 'Continue to Reasoning Ability' }).click();
    await expect(header.getByRole('heading', { name: 'Section 3 of 3 · Reasoning Ability' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Close section early' })).toHaveCount(0);
    await page.getByRole('radio', { name: 'Smaller' }).check();

    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByRole('dialog', { name: 'Submit quiz?' }).getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: 'Quiz Submitted Successfully!' })).toBeVisible();

    // Past the quiz's end and the grace the server publishes; the summary has the section table. It
    // opens in a fresh context, without this page's installed clock.
    const advanceMs = await advancePastGrace(page.request, endAt);
    expect((await page.request.post('/api/dev/clock', { data: { advanceMs } })).ok()).toBe(true);
    const summaryContext = await page
      .context()
      .browser()!
      .newContext({ baseURL: new URL(page.url()).origin, viewport: { width: 360, height: 780 } });
    const summary = await summaryContext.newPage();
    await signIn(summary, learner);
    await summary.goto(`/quizzes/summary/${created._id}`);
    await expect(summary.getByRole('heading', { level: 1, name })).toBeVisible();
    const table = summary.getByRole('table');
    const row = (section: string) => table.getByRole('row', { name: new RegExp(`^${section}`) });
    // English: 1 right, 1 wrong (1 − 0.25); Quant: 1 right; Reasoning: 1 wrong.
    await expect(row('English Language')).toContainText('0.75 / 2');
    await expect(row('English Language')).toContainText('Not cleared');
    await expect(row('Quantitative Aptitude')).toContainText('1 / 2');
    await expect(row('Quantitative Aptitude')).toContainText('Cleared');
    await expect(row('Reasoning Ability')).toContainText('-0.25 / 2');
    await expect(row('Reasoning Ability')).toContainText('No cut-off');
    await expect(summary.getByText('Not every sectional cut-off cleared')).toBeVisible();
    await expectAccessible(summary, 'summary with sections');
    await summaryContext.close();
  } finally {
    await page.request.post('/api/dev/clock', { data: { reset: true } });
    await retireQuiz(page.request, admin.accessToken, created._id);
  }
});
