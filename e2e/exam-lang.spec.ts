import { expect, test, type Page } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { createQuizViaApi, retireQuiz, serverNow } from './support/quizzes';
import { adminSession, registerViaApi, signIn, type Session } from './support/session';
import { lastSpoken, recordingSpeech } from './support/speech';

/** Bilingual questions and server-rendered math on the attempt screen (issue 12, ADR 019). */

const CHOICES = ['Only $x = 0$', 'Both $x = 0$ and $x = -2$', 'Only $x = -2$', 'No real root'];
const CHOICES_HI = ['केवल $x = 0$', '$x = 0$ तथा $x = -2$ दोनों', 'केवल $x = -2$', 'कोई वास्तविक मूल नहीं'];

async function createBilingualQuiz(page: Page) {
  const admin = await adminSession(page.request, test.info());
  const now = await serverNow(page.request);
  const name = `Bilingual math ${test.info().project.name} ${now}`;
  const created = await createQuizViaApi(page.request, admin, {
    name,
    desc: 'English and Hindi, with formulas.',
    exam: 'JEE',
    class: 'Preparing for Competitive exams',
    duration: 30,
    startTimeStamp: new Date(now - 60_000).toISOString(),
    endTimeStamp: new Date(now + 2 * 3_600_000).toISOString(),
    price: 0,
    published: true,
    questions: [
      {
        qn: 'Solve $x^2 + 2x = 0$. Its roots are',
        choices: CHOICES,
        ansIndex: 1,
        explanation: 'Factorise: $x(x + 2) = 0$.',
        qnHi: '$x^2 + 2x = 0$ को हल कीजिए। इसके मूल हैं',
        choicesHi: CHOICES_HI,
        explanationHi: 'गुणनखंड कीजिए: $x(x + 2) = 0$।',
      },
      { qn: 'An English-only question <b>without</b> formulas?', choices: ['Yes', 'No'], ansIndex: 0 },
    ],
  });
  return { id: created._id, name, adminToken: admin.accessToken };
}

async function startAttempt(page: Page, quizId: string, name: string): Promise<Session> {
  const learner = await registerViaApi(page.request);
  await signIn(page, learner);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(`/quizzes/intro/${quizId}`);
  await page.getByRole('button', { name: 'Start Quiz Now' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return learner;
}

const seconds = (text: string | null) => {
  const [m, s] = (text ?? '').split(':').map(Number);
  return m! * 60 + s!;
};

test.describe('bilingual questions and math', () => {
  test('the language switch keeps the choice and the timer; math is MathML and Listen says it in words', async ({
    page,
  }) => {
    await page.addInitScript(recordingSpeech);
    await page.clock.install();
    const quiz = await createBilingualQuiz(page);
    try {
      const learner = await startAttempt(page, quiz.id, quiz.name);
      const question = page.locator('section[aria-labelledby] > p[lang]').first();
      const switcher = page.getByRole('group', { name: 'Question language' });
      const english = switcher.getByRole('button', { name: 'English' });
      const hindi = switcher.getByRole('button', { name: 'हिन्दी' });

      // English by default (the app's language); the formula is MathML, no dollar signs shown.
      await expect(english).toHaveAttribute('aria-pressed', 'true');
      await expect(question).toHaveAttribute('lang', 'en');
      await expect(question.locator('math')).toHaveCount(1);
      await expect(question).not.toContainText('$');
      await expect(page.locator('fieldset label[lang="en"] math')).toHaveCount(4);

      await page.getByRole('radio').nth(1).check();
      // Freeze the page's clock to read the countdown before and after the switch.
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
      const countdown = page.getByTestId('countdown');
      const before = await countdown.textContent();

      await hindi.click();
      await expect(hindi).toHaveAttribute('aria-pressed', 'true');
      await expect(question).toHaveAttribute('lang', 'hi');
      await expect(question).toContainText('को हल कीजिए। इसके मूल हैं');
      await expect(question.locator('math')).toHaveCount(1);
      await expect(page.locator('fieldset label[lang="hi"]')).toHaveCount(4);
      await expect(page.locator('fieldset label').nth(3)).toHaveText(/D\.\s*कोई वास्तविक मूल नहीं/);
      await expect(page.getByRole('radio').nth(1)).toBeChecked();
      await expect(countdown).toHaveText(before!);
      // The timer runs on: a minute later it shows a minute less.
      await page.clock.fastForward(60_000);
      const later = seconds(before) - 60;
      const pad = (n: number) => String(n).padStart(2, '0');
      await expect(countdown).toHaveText(`${pad(Math.floor(later / 60))}:${pad(later % 60)}`);
      await page.clock.resume();

      // Listen reads the shown language, formulas in words.
      await page.getByRole('button', { name: 'Listen', exact: true }).click();
      await expect
        .poll(async () => (await lastSpoken(page, 5))[0])
        .toEqual({ text: 'एक्स वर्गित धन चिह्न 2 एक्स बराबर का चिह्न 0 को हल कीजिए। इसके मूल हैं', lang: 'hi-IN' });
      await page.getByRole('button', { name: 'Stop', exact: true }).click();
      await english.click();
      await expect(page.getByRole('radio').nth(1)).toBeChecked();
      await page.getByRole('button', { name: 'Listen', exact: true }).click();
      await expect
        .poll(async () => lastSpoken(page, 5))
        .toEqual([
          { text: 'Solve x squared plus 2 x equals 0. Its roots are', lang: 'en-IN' },
          { text: 'Option A: Only x equals 0', lang: 'en-IN' },
          { text: 'Option B: Both x equals 0 and x equals negative 2', lang: 'en-IN' },
          { text: 'Option C: Only x equals negative 2', lang: 'en-IN' },
          { text: 'Option D: No real root', lang: 'en-IN' },
        ]);
      await page.getByRole('button', { name: 'Stop', exact: true }).click();

      // The answer saved is the question's own (English) choice text, whatever language was shown.
      await expect
        .poll(async () => {
          const res = await page.request.get(`/api/quizzes/participant/attend/${quiz.id}`, {
            headers: { authorization: `Bearer ${learner.accessToken}` },
          });
          const body = (await res.json()) as { savedAnswers: { selectedOption: string | null }[] };
          return body.savedAnswers.map((a) => a.selectedOption);
        })
        .toContain(CHOICES[1]);

      // The last choice is remembered on this device: after a reload the question opens in Hindi.
      await hindi.click();
      await page.reload();
      await expect(question).toHaveAttribute('lang', 'hi');
      await expect(
        page.getByRole('group', { name: 'Question language' }).getByRole('button', { name: 'हिन्दी' }),
      ).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('radio').nth(1)).toBeChecked();
      await expectAccessible(page, 'attempt, bilingual math question', { include: '#main', strict: true });

      // An English-only question has no switch and is shown escaped, as written.
      await page.getByRole('button', { name: 'Save & Next' }).click();
      await expect(question).toHaveText('An English-only question <b>without</b> formulas?');
      await expect(page.getByRole('group', { name: 'Question language' })).toHaveCount(0);
    } finally {
      await retireQuiz(page.request, quiz.adminToken, quiz.id);
    }
  });
});
