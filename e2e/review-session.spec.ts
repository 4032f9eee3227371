import { randomUUID } from 'node:crypto';
import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { signIn } from './support/session';
import { lastSpoken, recordingSpeech } from './support/speech';
import { serverNow } from './support/quizzes';
import { openMenuOnPhone } from './support/menu';
import { auth, cleanUp, dueNow, learnerWithAMistake, QUESTIONS, WRONG_PICK } from './support/review';

// Reviewing a published mistake: by touch, by keyboard in audio mode, and a leech back to its question.
test.describe('review (spaced repetition)', () => {
  test('a learner reviews a published mistake by touch', { tag: '@desktop' }, async ({ page }) => {
    test.setTimeout(120_000);
    let made: Awaited<ReturnType<typeof learnerWithAMistake>> | undefined;
    try {
      made = await learnerWithAMistake(page, 'touch');
      await signIn(page, made.learner);
      await page.goto('/quizzes');
      // The sidebar (behind the menu on a phone) shows Review with the count due.
      await openMenuOnPhone(page);
      const reviewLink = page.getByRole('link', { name: /^Review/ });
      await expect(reviewLink).toHaveAccessibleName('Review 1 due');
      await reviewLink.click();

      await expect(page).toHaveURL(/\/review$/);
      await expect(page.getByText('1 card is due')).toBeVisible();
      await expect(page.getByRole('img', { name: /^Cards due: today 1/ })).toBeVisible();
      await expectAccessible(page, 'review summary');
      await page.getByRole('button', { name: 'Start review' }).click();

      await expect(page.getByRole('heading', { name: 'Card 1 of 1' })).toBeVisible();
      await expect(page.getByText(QUESTIONS[0].qn)).toBeVisible();
      const choices = page.getByRole('group', { name: 'Choices' }).getByRole('button');
      await expect(choices).toHaveCount(4);
      await expect(choices.last()).toContainText('None of the above');
      await expectAccessible(page, 'review card');
      await choices.filter({ hasText: 'New Delhi' }).click();
      await expect(choices.filter({ hasText: 'New Delhi' })).toHaveAttribute('aria-pressed', 'true');
      await page.getByRole('button', { name: /Check answer/ }).click();

      await expect(page.getByText('Correct!')).toBeVisible();
      await expect(page.getByText(QUESTIONS[0].explanation)).toBeVisible();
      const grades = page.getByRole('group', { name: 'How well did you remember?' });
      await expect(grades.getByRole('button')).toHaveCount(4);
      await expect(grades.getByRole('button', { name: /^1\. Again 10 min/ })).toBeVisible();
      await expect(grades.getByRole('button', { name: /Suggested/ })).toContainText('Good');
      await expectAccessible(page, 'review revealed');
      await grades.getByRole('button', { name: /^3\. Good/ }).click();

      await expect(page.getByText('Session complete: 1 card reviewed.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Nothing due' })).toBeVisible();
      await expect(page.getByText(/Your next card is due/)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Review a quiz' })).toBeVisible();
      await expect.poll(() => dueNow(page, made!.learner)).toBe(0);
      await expect(page.getByText(/waiting to be sent/)).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Nothing due' })).toBeVisible();
      await expect(page.locator('dl > div').filter({ hasText: 'Done today' })).toContainText('1');
      await expectAccessible(page, 'review nothing due');

      // From the published review, the learner adds the question they got right; then removes it.
      await page.goto(`/quizzes/summary/${made.quizId}`);
      await page.getByRole('tab', { name: 'Questions' }).click();
      const second = page.getByRole('listitem', { name: 'Question 2' });
      await second.getByRole('button', { name: 'Add to my review' }).click();
      await expect(second.getByText('Added to your review')).toBeVisible();
      await expect.poll(() => dueNow(page, made!.learner)).toBe(1);
      await page.goto('/review');
      await page.getByRole('button', { name: 'Start review' }).click();
      await expect(page.getByText(QUESTIONS[1].qn)).toBeVisible();
      await page.getByRole('button', { name: 'Remove from review' }).click();
      await expect(page.getByText('Session complete: 0 cards reviewed.')).toBeVisible();
      await expect.poll(() => dueNow(page, made!.learner)).toBe(0);
    } finally {
      await cleanUp(page, made?.quizId, made?.adminToken);
    }
  });

  test('the same kind of learner reviews by keyboard in audio mode, hearing everything', async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript(recordingSpeech);
    let made: Awaited<ReturnType<typeof learnerWithAMistake>> | undefined;
    try {
      made = await learnerWithAMistake(page, 'audio');
      await signIn(page, made.learner);
      await page.goto('/review');
      await expect(page.getByText('1 card is due')).toBeVisible();
      const audio = page.getByRole('checkbox', { name: 'Audio mode' });
      await audio.focus();
      await page.keyboard.press('Space');
      await expect(audio).toBeChecked();
      await page.getByRole('button', { name: 'Start review' }).focus();
      await page.keyboard.press('Enter');

      // The card is read: the question, then each choice under the letter it is shown with.
      await expect(page.getByRole('heading', { name: 'Card 1 of 1' })).toBeVisible();
      const shown = await page.getByRole('group', { name: 'Choices' }).getByRole('button').allTextContents();
      const texts = shown.map((t) => t.replace(/^[A-F]\./, '').trim());
      await expect
        .poll(() => lastSpoken(page, 5))
        .toEqual([
          { text: QUESTIONS[0].qn, lang: 'en-IN' },
          ...texts.map((t, i) => ({ text: `Option ${String.fromCharCode(65 + i)}: ${t}`, lang: 'en-IN' })),
        ]);

      // The learner answers by key (wrongly again) and hears the answer, the explanation, the next review.
      const wrongLetter = String.fromCharCode(65 + texts.indexOf(WRONG_PICK));
      const rightLetter = String.fromCharCode(65 + texts.indexOf('New Delhi'));
      await page.keyboard.press(wrongLetter.toLowerCase());
      const feedback = `The answer is ${rightLetter}: New Delhi. ${QUESTIONS[0].explanation} Next review in 10 min. Press Enter for the next card.`;
      await expect.poll(() => lastSpoken(page, 1)).toEqual([{ text: feedback, lang: 'en-IN' }]);
      await expect(page.getByRole('status').filter({ hasText: feedback })).toBeAttached();
      await expectAccessible(page, 'review audio feedback');
      await page.keyboard.press('Enter');
      await expect(page.getByText('Session complete: 1 card reviewed.')).toBeVisible();
      // Graded Again: it comes back in 10 minutes, so nothing is due now.
      await expect.poll(() => dueNow(page, made!.learner)).toBe(0);
    } finally {
      await cleanUp(page, made?.quizId, made?.adminToken);
    }
  });

  test('a leech links to its question on the results page, scrolled to its review and explanation', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    let made: Awaited<ReturnType<typeof learnerWithAMistake>> | undefined;
    try {
      made = await learnerWithAMistake(page, 'leech');
      const learner = made.learner;
      const res = await page.request.get('/api/review/queue', { headers: auth(learner) });
      const { cards } = (await res.json()) as { cards: { cardId: string; questionId: string; qn: string }[] };
      const card = cards.find((c) => c.qn === QUESTIONS[0].qn)!;
      // Eight lapses through the API, the server clock moved to each due time: the card becomes a leech.
      const gradeAt = async (rating: number) => {
        const graded = await page.request.post(`/api/review/cards/${card.cardId}/reviews`, {
          headers: auth(learner),
          data: {
            reviewId: randomUUID(),
            rating,
            selectedOption: null,
            reviewedAt: new Date(await serverNow(page.request)).toISOString(),
            durationMs: 4000,
          },
        });
        expect(graded.ok(), await graded.text()).toBe(true);
        const body = (await graded.json()) as { due: string; lapses: number; suspended: boolean };
        const wait = new Date(body.due).getTime() - (await serverNow(page.request)) + 1000;
        if (wait > 0) await page.request.post('/api/dev/clock', { data: { advanceMs: wait } });
        return body;
      };
      let last = await gradeAt(3);
      for (let lapse = 1; lapse <= 8; lapse += 1) {
        last = await gradeAt(1);
        expect(last.lapses).toBe(lapse);
        if (lapse < 8) await gradeAt(3);
      }
      expect(last.suspended).toBe(true);

      await signIn(page, learner);
      await page.goto('/review');
      const leeches = page.getByRole('region', { name: 'Needs a different approach' });
      await leeches.getByRole('link', { name: QUESTIONS[0].qn }).click();
      // The summary's Questions tab, with that question brought into view and focused (its review
      // and explanation), not the top of the summary.
      await expect(page).toHaveURL(new RegExp(`[?&]question=${card.questionId}`));
      await expect(page.getByRole('tab', { name: 'Questions' })).toHaveAttribute('aria-selected', 'true');
      const question = page.getByRole('listitem').filter({ hasText: QUESTIONS[0].qn }).first();
      await expect(question).toBeFocused();
      await expect(question).toBeInViewport();
      await expect(question).toContainText(QUESTIONS[0].explanation);
      await expectAccessible(page, 'results page focused on a leech question');
    } finally {
      await cleanUp(page, made?.quizId, made?.adminToken);
    }
  });
});
