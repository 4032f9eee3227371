import { expect, test, type Page, type TestInfo } from './support/fixtures';
import { openPalette } from './support/attempt';
import { expectAccessible } from './support/axe';
import { inHindi } from './support/i18n';
import { tabToAndPress } from './support/keyboard';
import { recordingSpeech, type Spoken } from './support/speech';
import { advancePastGrace, createQuizViaApi, retireQuiz, serverNow, resetDevClock } from './support/quizzes';
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
    await resetDevClock(page);
    await retireQuiz(page.request, admin.accessToken, created._id);
  }
});

/** Move the server's clock and the page's by the same amount (the page keeps the server's offset). */
async function moveClocks(page: Page, ms: number) {
  expect((await page.request.post('/api/dev/clock', { data: { advanceMs: ms } })).ok()).toBe(true);
  await page.clock.fastForward(ms);
}

/** The screen's words in each language (the attempt catalogues), for the screen-reader run. */
const WORDS = {
  en: {
    sections: ['English Language', 'Quantitative Aptitude', 'Reasoning Ability'],
    start: 'Start Quiz Now',
    header: (n: number, name: string) => `Section ${n} of 3 · ${name}`,
    position: (n: number) => `Question ${n} of 2 in this section`,
    minutesLeft: (count: number, name: string) =>
      `${count} ${count === 1 ? 'minute' : 'minutes'} left in ${name}`,
    next: (n: number, name: string) => `Section ${n}: ${name}`,
    changed: (closed: number, name: string) =>
      `Section ${closed} closed. Section ${closed + 1}: ${name} starts now, 6 minutes.`,
    continueTo: (name: string) => `Continue to ${name}`,
    saveNext: 'Save & Next',
    closeEarly: 'Close section early',
    closeTitle: (name: string) => `Close ${name} now?`,
    closeConfirm: 'Close section',
    clock: 'Time left',
    underFive: 'Less than five minutes left',
    submit: 'Submit',
    submitTitle: 'Submit quiz?',
    submitted: 'Quiz Submitted Successfully!',
  },
  hi: {
    sections: ['अंग्रेज़ी भाषा', 'संख्यात्मक अभियोग्यता', 'तर्कशक्ति'],
    start: 'अभी क्विज़ शुरू करें',
    header: (n: number, name: string) => `सेक्शन ${n}/3 · ${name}`,
    position: (n: number) => `इस सेक्शन में प्रश्न ${n}/2`,
    minutesLeft: (count: number, name: string) =>
      `${name} में ${count} ${count === 1 ? 'मिनट बचा है' : 'मिनट बचे हैं'}`,
    next: (n: number, name: string) => `सेक्शन ${n}: ${name}`,
    changed: (closed: number, name: string) =>
      `सेक्शन ${closed} बंद हुआ। सेक्शन ${closed + 1}: ${name} अभी शुरू, 6 मिनट।`,
    continueTo: (name: string) => `${name} पर जाएँ`,
    saveNext: 'सेव करें और आगे',
    closeEarly: 'सेक्शन पहले बंद करें',
    closeTitle: (name: string) => `${name} अभी बंद करें?`,
    closeConfirm: 'सेक्शन बंद करें',
    clock: 'बचा हुआ समय',
    underFive: 'पाँच मिनट से कम समय बचा है',
    submit: 'जमा करें',
    submitTitle: 'क्विज़ जमा करें?',
    submitted: 'क्विज़ जमा हो गया!',
  },
} as const;

/** A small IBPS-style mock through the API: three locked 6-minute sections, two questions each, cut-offs on two. */
async function smallLockedMock(page: Page, testInfo: TestInfo, label: string) {
  const admin = await adminSession(page.request, testInfo);
  const now = await serverNow(page.request);
  const name = `Screen reader ${label} ${testInfo.project.name} ${testInfo.repeatEachIndex} ${now}`;
  const endAt = now + 25 * MIN;
  const created = await createQuizViaApi(page.request, admin, {
    name,
    desc: 'Three timed sections in a locked order.',
    exam: 'Banking',
    class: 'Preparing for Competitive exams',
    duration: 18,
    startTimeStamp: new Date(now - MIN).toISOString(),
    endTimeStamp: new Date(endAt).toISOString(),
    price: 0,
    published: true,
    markingScheme: { correct: 1, wrong: 0.25 },
    navigation: 'locked',
    sections: WORDS.en.sections.map((s, i) => ({
      name: s,
      nameHi: WORDS.hi.sections[i],
      duration: 6,
      ...(i < 2 && { cutoff: 1 }),
    })),
    questions: [
      mcq('What is 2 + 2?', 0, ['4', '5']),
      mcq('What is 3 + 3?', 0, ['6', '7']),
      mcq('What is 10 ÷ 2?', 1, ['5', '2']),
      mcq('What is 9 − 4?', 1, ['5', '3']),
      mcq('Which comes next: 1, 2, 4, …?', 2, ['8', '6']),
      mcq('Which comes next: 3, 6, 9, …?', 2, ['12', '10']),
    ],
  });
  return { admin, name, id: created._id, endAt };
}

for (const lang of ['en', 'hi'] as const) {
  test(`screen-reader run (${lang}): a locked mock start to finish through roles, names and the keyboard only`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000); // a whole mock, two axe passes, on a shared 2-core machine
    const w = WORDS[lang];
    const [first, second, third] = w.sections;
    if (testInfo.project.name === 'mobile') await page.setViewportSize({ width: 360, height: 780 });
    await page.clock.install();
    const mock = await smallLockedMock(page, testInfo, lang);
    const learner = await registerViaApi(page.request);
    const status = (text: string) => page.getByRole('status').filter({ hasText: text });
    // The answer to the question on screen: its radio by name, checked with Space.
    const answer = async (choice: string) => {
      const radio = page.getByRole('radio', { name: choice, exact: true });
      await tabToAndPress(page, radio, 'Space');
      await expect(radio).toBeChecked();
    };
    try {
      await signIn(page, learner);
      if (lang === 'hi') await inHindi(page);
      await page.goto(`/quizzes/intro/${mock.id}`);
      await tabToAndPress(page, page.getByRole('button', { name: w.start }));
      await expect(page.getByRole('heading', { level: 1, name: mock.name })).toBeVisible();

      // Section 1: its header names it; answer both questions by keyboard.
      await expect(page.getByRole('heading', { name: w.header(1, first) })).toBeVisible();
      await expectAccessible(page, `section header (${lang})`);
      await answer('4');
      await tabToAndPress(page, page.getByRole('button', { name: w.saveNext }));
      await expect(page.getByRole('region', { name: w.header(1, first) })).toContainText(w.position(2));
      await answer('6');

      // The section's 5- and 1-minute warnings are announced in the polite live region.
      await moveClocks(page, MIN + 1_000);
      await expect(status(w.minutesLeft(5, first))).toBeAttached();
      await moveClocks(page, 4 * MIN);
      await expect(status(w.minutesLeft(1, first))).toBeAttached();

      // Its time runs out: the interstitial takes the focus, the change is announced.
      await moveClocks(page, MIN);
      const toSecond = page.getByRole('region', { name: w.next(2, second) });
      await expect(toSecond.getByRole('heading', { name: w.next(2, second) })).toBeFocused();
      await expect(status(w.changed(1, second))).toBeAttached();
      await expectAccessible(page, `section interstitial (${lang})`);
      await tabToAndPress(page, toSecond.getByRole('button', { name: w.continueTo(second) }));

      // Section 2: answer, then close it early through the confirmation, by keyboard.
      await expect(page.getByRole('heading', { name: w.header(2, second) })).toBeVisible();
      await answer('5');
      await tabToAndPress(page, page.getByRole('button', { name: w.closeEarly }));
      const confirm = page.getByRole('dialog', { name: w.closeTitle(second) });
      await tabToAndPress(page, confirm.getByRole('button', { name: w.closeConfirm, exact: true }));
      const toThird = page.getByRole('region', { name: w.next(3, third) });
      await expect(toThird.getByRole('heading', { name: w.next(3, third) })).toBeFocused();
      await expect(status(w.changed(2, third))).toBeAttached();
      await tabToAndPress(page, toThird.getByRole('button', { name: w.continueTo(third) }));

      // Section 3 is the last: its warnings are the quiz clock's own (an assertive live region).
      await expect(page.getByRole('heading', { name: w.header(3, third) })).toBeVisible();
      await answer('8');
      await moveClocks(page, MIN + 1_000);
      await expect(page.getByRole('timer', { name: w.clock, exact: true })).toContainText(w.underFive);

      await tabToAndPress(page, page.getByRole('button', { name: w.submit, exact: true }));
      const submit = page.getByRole('dialog', { name: w.submitTitle });
      await tabToAndPress(page, submit.getByRole('button', { name: w.submit, exact: true }));
      await expect(page.getByRole('heading', { name: w.submitted })).toBeVisible();
    } finally {
      await resetDevClock(page);
      await retireQuiz(page.request, mock.admin.accessToken, mock.id);
    }
  });
}

/** Every utterance so far, as [text, lang]. */
const spokenBy = (page: Page) =>
  page.evaluate(() => (window as unknown as { __spoken: Spoken[] }).__spoken.map((s) => [s.text, s.lang]));

test("audio mode speaks a section's warnings and the section change (en)", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const [first, second] = WORDS.en.sections;
  if (testInfo.project.name === 'mobile') await page.setViewportSize({ width: 360, height: 780 });
  await page.addInitScript(recordingSpeech, ['en-IN', 'hi-IN']);
  await page.clock.install();
  const mock = await smallLockedMock(page, testInfo, 'audio en');
  const learner = await registerViaApi(page.request);
  try {
    await signIn(page, learner);
    await page.goto(`/quizzes/intro/${mock.id}`);
    await page.getByRole('button', { name: WORDS.en.start }).click();
    await expect(page.getByRole('heading', { name: WORDS.en.header(1, first) })).toBeVisible();
    await page.getByRole('button', { name: 'Audio mode: Off' }).click();
    await moveClocks(page, MIN + 1_000);
    await expect.poll(() => spokenBy(page)).toContainEqual([WORDS.en.minutesLeft(5, first), 'en-IN']);
    await moveClocks(page, 5 * MIN);
    await expect.poll(() => spokenBy(page)).toContainEqual([WORDS.en.changed(1, second), 'en-IN']);
  } finally {
    await resetDevClock(page);
    await retireQuiz(page.request, mock.admin.accessToken, mock.id);
  }
});

test('audio mode alone through a locked mock in Hindi: keys answer, the warning and each interstitial are heard, N goes on, X closes a section, a section times out, S submits; then the Hindi section summary', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000); // a whole mock, an axe pass and publication on a shared 2-core machine
  const [first, second, third] = WORDS.hi.sections;
  if (testInfo.project.name === 'mobile') await page.setViewportSize({ width: 360, height: 780 });
  await page.addInitScript(recordingSpeech, ['en-IN', 'hi-IN']);
  await page.clock.install();
  const mock = await smallLockedMock(page, testInfo, 'audio keys hi');
  const learner = await registerViaApi(page.request);
  /** Heard in Hindi (the app's cues take a Hindi voice whatever the question's language). */
  const heard = (text: string) => expect.poll(() => spokenBy(page)).toContainEqual([text, 'hi-IN']);
  const starts = (closed: number, name: string) =>
    `सेक्शन ${closed} बंद हुआ। सेक्शन ${closed + 1}: ${name} अभी शुरू: 6 मिनट, 2 प्रश्न। इसकी घड़ी शुरू हो चुकी है, और बंद सेक्शन फिर से खोला नहीं जा सकता। ${name} शुरू करने के लिए N दबाएँ।`;
  const question = (n: number) => page.getByRole('heading', { name: `प्रश्न ${n} (6 में से)` });
  /** A key chooses; the radio shows it. */
  const choose = async (key: string, choice: string) => {
    await page.keyboard.press(key);
    await expect(page.getByRole('radio', { name: choice, exact: true })).toBeChecked();
  };
  try {
    await signIn(page, learner);
    await inHindi(page);
    await page.goto(`/quizzes/intro/${mock.id}`);
    const start = page.getByRole('button', { name: WORDS.hi.start });
    await expect(start).toBeVisible({ timeout: 30_000 }); // the Hindi chunks' first load, on a loaded machine
    await tabToAndPress(page, start);
    await tabToAndPress(page, page.getByRole('button', { name: 'ऑडियो मोड: बंद' }));
    await expect(page.getByText(/X सेक्शन बंद करें/)).toBeVisible();

    // Section 1 by keys; N on its last question offers X (close the section), not S (submit the mock).
    await choose('1', '4');
    await page.keyboard.press('n');
    await expect(question(2)).toBeVisible();
    await choose('a', '6');
    await page.keyboard.press('n');
    await heard(`यह ${first} का आख़िरी प्रश्न है। सेक्शन बंद करके ${second} पर जाने के लिए X दबाएँ।`);
    await moveClocks(page, MIN + 1_000);
    await heard(WORDS.hi.minutesLeft(5, first));

    // Its time ends: the attempt moves on by itself; the interstitial is spoken, N passes it.
    await moveClocks(page, 5 * MIN);
    await expect(page.getByRole('region', { name: WORDS.hi.next(2, second) })).toBeVisible();
    await heard(starts(1, second));
    await expectAccessible(page, 'section interstitial in audio mode (hi)');
    await page.keyboard.press('n');
    await expect(question(3)).toBeVisible();

    // Section 2: a wrong answer, then X closes it after the spoken confirmation, Enter confirming.
    await choose('2', '2');
    await page.keyboard.press('x');
    await expect(page.getByRole('dialog', { name: WORDS.hi.closeTitle(second) })).toBeVisible();
    await heard(
      `${second} अभी बंद करें? आप इस सेक्शन में वापस नहीं आ सकेंगे। ${third} तुरंत अपनी घड़ी के साथ शुरू होगा। सेक्शन बंद करने के लिए Enter दबाएँ, या जारी रखने के लिए Escape।`,
    );
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: WORDS.hi.next(3, third) })).toBeVisible();
    await heard(starts(2, third));
    await page.keyboard.press('n');
    await expect(question(5)).toBeVisible();

    // Section 3, the last: a wrong answer, S asks aloud, Enter submits.
    await choose('b', '6');
    await page.keyboard.press('s');
    await expect(page.getByRole('dialog', { name: WORDS.hi.submitTitle })).toBeVisible();
    await heard(
      'क्विज़ जमा करें? 2 प्रश्नों के जवाब अभी बाकी हैं। जमा करने के बाद जवाब बदले नहीं जा सकते। जमा करने के लिए Enter दबाएँ, या वापस जाने के लिए Escape।',
    );
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: WORDS.hi.submitted })).toBeVisible();

    // Published past the end and the grace: the section table in Hindi (a fresh context, no page clock).
    const advanceMs = await advancePastGrace(page.request, mock.endAt);
    expect((await page.request.post('/api/dev/clock', { data: { advanceMs } })).ok()).toBe(true);
    const summaryContext = await page
      .context()
      .browser()!
      .newContext({ baseURL: new URL(page.url()).origin, viewport: { width: 360, height: 780 } });
    const summary = await summaryContext.newPage();
    await signIn(summary, learner);
    await inHindi(summary);
    await summary.goto(`/quizzes/summary/${mock.id}`);
    // A first Hindi load of a fresh context (the summary's Hindi chunks) took over 10 s on the loaded machine.
    await expect(summary.getByRole('heading', { level: 1, name: mock.name })).toBeVisible({
      timeout: 30_000,
    });
    const row = (section: string) => summary.getByRole('row', { name: new RegExp(`^${section}`) });
    // Section 1: both right (cut-off 1 cleared); 2: one wrong (−0.25, not cleared); 3: one wrong, no cut-off.
    await expect(row(first)).toContainText('2 में से 2');
    await expect(row(first)).toContainText('कट-ऑफ़ 1: पार किया');
    await expect(row(second)).toContainText('कट-ऑफ़ 1: पार नहीं किया');
    await expect(row(third)).toContainText('कोई कट-ऑफ़ नहीं');
    await expect(summary.getByText('हर सेक्शन का कट-ऑफ़ पार नहीं किया')).toBeVisible();
    await summaryContext.close();
  } finally {
    await resetDevClock(page);
    await retireQuiz(page.request, mock.admin.accessToken, mock.id);
  }
});

test('a free sectional quiz (JEE/SSC style): section tabs on one clock, answers in two sections, the palette per section', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  if (testInfo.project.name === 'mobile') await page.setViewportSize({ width: 360, height: 780 });
  const admin = await adminSession(page.request, testInfo);
  const now = await serverNow(page.request);
  const name = `Free sections ${testInfo.project.name} ${testInfo.repeatEachIndex} ${now}`;
  const created = await createQuizViaApi(page.request, admin, {
    name,
    desc: 'Two sections on one clock; switch at will.',
    exam: 'JEE',
    class: 'Preparing for Competitive exams',
    duration: 10,
    startTimeStamp: new Date(now - MIN).toISOString(),
    endTimeStamp: new Date(now + 20 * MIN).toISOString(),
    price: 0,
    published: true,
    markingScheme: { correct: 4, wrong: 1 },
    navigation: 'free',
    sections: [
      { name: 'Physics', nameHi: 'भौतिकी' },
      { name: 'Chemistry', nameHi: 'रसायन विज्ञान' },
    ],
    questions: [
      mcq('The SI unit of force is?', 0, ['newton', 'joule']),
      mcq('The SI unit of power is?', 0, ['watt', 'pascal']),
      mcq('The pH of pure water at 25 °C is?', 1, ['7', '1']),
      mcq('The symbol of sodium is?', 1, ['Na', 'So']),
    ],
  });
  const learner = await registerViaApi(page.request);
  try {
    await signIn(page, learner);
    await page.goto(`/quizzes/intro/${created._id}`);
    await page.getByRole('button', { name: 'Start Quiz Now' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    // One clock for the quiz, none per section; the sections are tabs.
    await expect(page.getByRole('timer', { name: 'Time left', exact: true })).toBeVisible();
    await expect(page.getByRole('timer', { name: 'Time left in this section' })).toHaveCount(0);
    const tabs = page.getByRole('group', { name: 'Sections' });
    await expect(tabs.getByRole('button', { name: 'Physics' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { name: 'Section 1 of 2 · Physics' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close section early' })).toHaveCount(0);
    await page.getByRole('radio', { name: 'newton' }).check();

    // Switch to Chemistry and answer there; then back to Physics, the answer still there.
    await tabs.getByRole('button', { name: 'Chemistry' }).click();
    await expect(tabs.getByRole('button', { name: 'Chemistry' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { name: 'Section 2 of 2 · Chemistry' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Question 3 of 4' })).toBeVisible();
    await page.getByRole('radio', { name: '7', exact: true }).check();
    await expect(page.getByText('All answers saved')).toBeVisible();
    await tabs.getByRole('button', { name: 'Physics' }).click();
    await expect(page.getByRole('heading', { name: 'Question 1 of 4' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'newton' })).toBeChecked();

    // The palette groups by section, every tile open (no locked order).
    const palette = await openPalette(page);
    await expect(palette.getByRole('heading', { name: 'Physics', exact: true })).toBeVisible();
    await expect(palette.getByRole('heading', { name: 'Chemistry', exact: true })).toBeVisible();
    await expect(palette.getByRole('button', { name: /^Question 4,/ })).toBeEnabled();
    await expectAccessible(page, 'free sections with the palette open');
    await palette.getByRole('button', { name: /^Question 4,/ }).click();
    await expect(page.getByRole('heading', { name: 'Section 2 of 2 · Chemistry' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Question 4 of 4' })).toBeVisible();

    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const submit = page.getByRole('dialog', { name: 'Submit quiz?' });
    await expect(submit).toContainText('You have 2 unanswered questions.');
    await submit.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: 'Quiz Submitted Successfully!' })).toBeVisible();
  } finally {
    await retireQuiz(page.request, admin.accessToken, created._id);
  }
});
