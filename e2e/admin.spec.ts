import { expect, test, type APIRequestContext, type Page } from './support/fixtures';
import { adminSession, registerViaApi, signIn, type Session } from './support/session';
import { expectAccessible } from './support/axe';
import { retireQuiz } from './support/quizzes';
import { openMenuOnPhone } from './support/menu';

/** The server's clock (browser tests may have moved it), as a `datetime-local` value in the page's zone. */
async function serverLocalInput(page: Page, offsetMs: number): Promise<string> {
  const res = await page.request.get('/api/dev/clock');
  const { now } = (await res.json()) as { now: string };
  return page.evaluate(
    ({ iso, offset }) => {
      const d = new Date(new Date(iso).getTime() + offset);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    },
    { iso: now, offset: offsetMs },
  );
}

const openSidebarIfCollapsed = openMenuOnPhone;

function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/status of 4\d\d/.test(msg.text())) problems.push(msg.text());
  });
  return problems;
}

/** Quizzes this file created; each test hides them again so other spec files see only the demo data. */
const createdQuizzes: { id: string; token: string }[] = [];

function rememberQuiz(page: Page, admin: Session) {
  const id = page.url().split('/').pop()!;
  createdQuizzes.push({ id, token: admin.accessToken });
  return id;
}

/** Deletes each quiz this test made, or unpublishes it when attempts keep it (no-op if the test did). */
async function hideCreatedQuizzes(request: APIRequestContext) {
  for (const { id, token } of createdQuizzes.splice(0)) await retireQuiz(request, token, id);
}

const question = (page: Page, n: number) => page.getByRole('group', { name: `Question ${n}`, exact: true });

/** Fills the editor's details and schedule: open from a minute ago (server time) for three hours. */
async function fillQuizDetails(page: Page, name: string) {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description').fill('Made in the admin editor.');
  await page.getByLabel('Exam', { exact: true }).selectOption('SSC');
  await page.getByLabel('Duration (minutes)').fill('10');
  await page.getByLabel('Starts at', { exact: true }).fill(await serverLocalInput(page, -60_000));
  await page.getByLabel('Ends at', { exact: true }).fill(await serverLocalInput(page, 3 * 3600_000));
  await expect(page.getByText(/IST · your time zone:/).first()).toBeVisible();
}

async function fillQuestion(page: Page, n: number, text: string, choices: string[], correct: number) {
  const q = question(page, n);
  await q.getByLabel(`Question ${n} text`, { exact: true }).fill(text);
  for (const [i, choice] of choices.entries()) {
    await q.getByLabel(`Question ${n} choice ${String.fromCharCode(65 + i)}`, { exact: true }).fill(choice);
  }
  for (let i = choices.length; i < 4; i += 1) {
    await q
      .getByRole('button', {
        name: `Remove choice ${String.fromCharCode(65 + choices.length)} of question ${n}`,
      })
      .click();
  }
  await q
    .getByRole('radio', { name: `Question ${n}: choice ${String.fromCharCode(65 + correct)} is correct` })
    .check();
}

test.describe('admin', () => {
  test.afterEach(async ({ request }) => {
    await hideCreatedQuizzes(request);
  });

  test('a participant gets a clear "not allowed" page and no Admin section', async ({ page, request }) => {
    const participant = await registerViaApi(request, { name: 'Pia Participant' });
    await signIn(page, participant);
    await page.goto('/participants');
    await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
    await openSidebarIfCollapsed(page);
    await expect(page.getByRole('link', { name: 'Quizzes', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Manage quizzes' })).toHaveCount(0);
    await page.goto('/quizzess/create');
    await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Quizzes' }).click();
    await expect(page).toHaveURL(/\/quizzes$/);
  });

  test(
    'an admin creates a quiz with the editor and an import, previews it and finds it everywhere',
    { tag: '@desktop' },
    async ({ page, pageProblems, request }, testInfo) => {
      // A journey through seven screens; the editor grew (sections, exam patterns, previous year).
      test.setTimeout(120_000);
      pageProblems.allow(
        /status of 400 .*\/api\/quizzes\/questions\/import-preview\]$/,
        'an import with errors is refused: part of this test',
      );
      const problems = collectProblems(page);
      const admin = await adminSession(request, testInfo);
      await signIn(page, admin);
      await page.goto('/quizzes');
      await openSidebarIfCollapsed(page);
      await page.getByRole('link', { name: 'Manage quizzes' }).click();
      await expect(page.getByRole('heading', { name: 'Manage quizzes' })).toBeVisible();
      await page.getByRole('main').getByRole('link', { name: 'Create quiz' }).click();
      await expect(page).toHaveURL(/\/quizzess\/create$/);

      // Saving an empty form lists every problem and sends nothing.
      await page.getByRole('button', { name: 'Create quiz' }).click();
      const summary = page.getByRole('alert').filter({ hasText: 'before saving' });
      await expect(summary).toContainText('Name must be 3–200 characters');
      await expect(summary).toContainText('Question 1: question text is required');

      await expectAccessible(page, 'admin', { strict: true, wcagOnly: true });

      const name = `Admin e2e quiz ${testInfo.project.name} ${Date.now()}`;
      await fillQuizDetails(page, name);
      await fillQuestion(
        page,
        1,
        'Which river is the longest in India?\n(choose one)',
        ['Ganga', 'Godavari', 'Yamuna'],
        0,
      );

      // Import: a bad file lists its bad lines and adds nothing; a good one adds its questions.
      await page.getByRole('button', { name: 'Import questions' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import questions' });
      await dialog.getByLabel('Question file (.csv or .txt)').setInputFiles({
        name: 'bad.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('qn,choice1,choice2,answer\nGood?,yes,no,A\n,a,b,A\nDupes,x,x,B\n'),
      });
      await dialog.getByRole('button', { name: 'Check and import' }).click();
      await expect(dialog.getByRole('alert')).toContainText('2 problems found. Nothing was imported.');
      await expect(dialog.getByRole('alert')).toContainText('Line 3: question text is required');
      await expect(dialog.getByRole('alert')).toContainText('Line 4: choices must be distinct');
      await dialog.getByLabel('Question file (.csv or .txt)').setInputFiles({
        name: 'good.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from(
          'Capital of India?\nA. Mumbai\nB. New Delhi\nANSWER: B\n\n2 + 2 = ?\nA. 4\nB. 5\nANSWER: A\n',
        ),
      });
      await dialog.getByRole('button', { name: 'Check and import' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('heading', { name: 'Questions (3)' })).toBeVisible();
      await expect(question(page, 2).getByLabel('Question 2 text', { exact: true })).toHaveValue(
        'Capital of India?',
      );

      // The preview shows the question as a participant sees it.
      await question(page, 1).getByRole('button', { name: 'Preview question 1' }).click();
      const preview = page.getByRole('dialog', { name: 'Participant preview' });
      await expect(preview.getByText('Question 1 of 3')).toBeVisible();
      await expect(preview.getByText('Not Answered')).toBeVisible();
      await preview.getByRole('radio', { name: 'Godavari' }).check();
      await expect(preview.getByText('Answered', { exact: true })).toBeVisible();
      await preview.getByRole('button', { name: 'Close' }).click();

      await page.getByRole('button', { name: 'Create quiz' }).click();
      await expect(page.getByRole('heading', { name })).toBeVisible();
      await expect(page).toHaveURL(/\/quizzes\/details\/[0-9a-f-]{36}$/);
      rememberQuiz(page, admin);
      await expect(page.getByText('Live', { exact: true })).toBeVisible();
      await expect(page.getByText('Nobody has attempted this quiz yet.')).toBeVisible();
      await expectAccessible(page, 'admin', { strict: true, wcagOnly: true });

      // It is in the admin list, and the editor reopens it with its questions.
      await page.goto('/admin/quizzes');
      await page.getByLabel('Search quizzes').fill(name);
      // The search replaces the list (a loading state while it fetches): a click before that lands
      // on a link about to be detached and goes nowhere, so wait for the filtered list first.
      await expect(page.getByRole('list', { name: 'Quizzes' }).getByRole('listitem')).toHaveCount(1);
      await page.getByRole('link', { name: `Edit ${name}` }).click();
      await expect(page.getByRole('heading', { name: 'Edit quiz' })).toBeVisible();
      await expect(page.getByLabel('Question 1 text', { exact: true })).toHaveValue(
        'Which river is the longest in India?\n(choose one)',
      );
      await expect(page.getByRole('radio', { name: 'Question 2: choice B is correct' })).toBeChecked();

      // A saved question takes a recording (checked by content on the server) and lets it go again.
      const first = question(page, 1);
      await first
        .getByLabel('Upload the recording of question 1 (mp3, m4a, ogg or webm, up to 5 MB)')
        .setInputFiles({
          name: 'q1.mp3',
          mimeType: 'audio/mpeg',
          buffer: Buffer.concat([
            Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'),
            Buffer.alloc(2048, 1),
          ]),
        });
      await expect(first.getByLabel('Recording of question 1', { exact: true })).toHaveAttribute(
        'src',
        /^\/api\/files\/audio\//,
      );
      await first.getByRole('button', { name: 'Remove recording' }).click();
      await expect(first.getByText('None: participants hear the question read aloud.')).toBeVisible();

      // Nobody has attempted it, so it can be deleted (after confirming).
      await page.getByRole('button', { name: 'Delete quiz' }).click();
      await page
        .getByRole('dialog', { name: 'Delete this quiz?' })
        .getByRole('button', { name: 'Delete quiz' })
        .click();
      await expect(page).toHaveURL(/\/admin\/quizzes$/);
      await page.getByLabel('Search quizzes').fill(name);
      await expect(page.getByText('No quizzes match your search.')).toBeVisible();

      // The admin appears among the students, with a detail view.
      await page.goto('/participants');
      await page.getByLabel('Search students').fill(admin.user.phNo);
      const students = page.getByRole('list', { name: 'Students' }).getByRole('link');
      await expect(students).toHaveCount(1);
      await students.filter({ hasText: admin.user.phNo }).click();
      await expect(page.getByRole('heading', { name: /Asha Admin/ })).toBeVisible();
      await expect(page.getByText(admin.user.phNo)).toBeVisible();
      await expectAccessible(page, 'admin', { strict: true, wcagOnly: true });
      expect(problems).toEqual([]);
    },
  );

  test(
    'an admin schedules a quiz that starts now; a participant takes it; the details page shows the attempt',
    { tag: '@desktop' },
    async ({ page, browser, request, baseURL }, testInfo) => {
      // Two browsers (the admin and a participant) through the editor, the attempt and the details page.
      test.setTimeout(120_000);
      const admin = await adminSession(request, testInfo);
      await signIn(page, admin);
      await page.goto('/quizzess/create');
      const name = `Live now ${testInfo.project.name} ${Date.now()}`;
      await fillQuizDetails(page, name);
      await page.getByLabel('Price (₹, 0 = free)').fill('0');
      await fillQuestion(page, 1, 'Red planet?', ['Mars', 'Venus'], 0);
      await page.getByRole('button', { name: 'Add question' }).click();
      await fillQuestion(page, 2, 'Largest ocean?', ['Atlantic', 'Pacific'], 1);
      await page.getByRole('button', { name: 'Add question' }).click();
      await fillQuestion(page, 3, 'Closest star?', ['Sun', 'Sirius'], 0);
      await page.getByRole('button', { name: 'Create quiz' }).click();
      await expect(page.getByRole('heading', { name })).toBeVisible();
      const detailsUrl = page.url();
      const quizId = rememberQuiz(page, admin);

      // A participant finds it in the list and takes it.
      const participantContext = await browser.newContext({ baseURL });
      const learner = await participantContext.newPage();
      const participant = await registerViaApi(learner.request, { name: 'Lata Learner' });
      await signIn(learner, participant);
      await learner.goto('/quizzes');
      await learner.getByRole('link', { name: `Start ${name}` }).click();
      await learner.getByRole('button', { name: 'Start Quiz Now' }).click();
      await learner.getByRole('radio', { name: /Mars/ }).check();
      await learner.getByRole('button', { name: 'Save & Next' }).click();
      await learner.getByRole('radio', { name: /Atlantic/ }).check();
      await learner.getByRole('button', { name: 'Save & Next' }).click();
      await learner.getByRole('radio', { name: /Sun/ }).check();
      await learner.getByRole('button', { name: 'Submit', exact: true }).click();
      await learner.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
      await expect(learner.getByText('Quiz Submitted Successfully!')).toBeVisible();
      await participantContext.close();

      // The admin's details page shows the attempt.
      await page.goto(detailsUrl);
      const attempts = page.locator('dl[aria-label="Attempts"]');
      await expect(attempts).toContainText('Attempted1');
      await expect(attempts).toContainText('Submitted1');
      await expect(attempts).toContainText('Average score2 / 3');
      const table = page.getByRole('table');
      const row = table.getByRole('row', { name: /Lata Learner/ });
      await expect(row).toContainText(participant.user.phNo);
      await expect(row.getByRole('cell').nth(0)).toHaveText('1');
      await expect(row.getByRole('cell').nth(3)).toHaveText('2');
      await expect(row).toContainText('Submitted');
      await expect(page.getByText('Score 2: 1 participant')).toBeAttached();

      // The CSV download has the same row.
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/-participants\.csv$/);
      const csv = await (await file.createReadStream()).toArray();
      const text = Buffer.concat(csv).toString('utf8');
      expect(text).toContain(`1,Lata Learner,${participant.user.phNo},2,2,`);

      // Now that someone has attempted it, the editor locks questions, choices, answers, duration and
      // start, offers no delete, but still fixes wording and can unpublish it.
      await page.goto(`/quizzes/edit/${quizId}`);
      await expect(page.getByText(/Participants have started this quiz/)).toBeVisible();
      await expect(page.getByLabel('Question 1 choice A', { exact: true })).toBeDisabled();
      await expect(page.getByLabel('Duration (minutes)')).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Delete quiz' })).toHaveCount(0);
      await page.getByLabel('Question 1 text', { exact: true }).fill('Which is the red planet?');
      await page.getByLabel(/^Published/).uncheck();
      await page.getByRole('button', { name: 'Save quiz' }).click();
      await expect(page).toHaveURL(detailsUrl);
      await expect(page.getByText('Draft', { exact: true })).toBeVisible();
      const list = await page.request.get(`/api/quizzes/participant?searchTerm=${encodeURIComponent(name)}`, {
        headers: { authorization: `Bearer ${participant.accessToken}` },
      });
      expect(((await list.json()) as { total: number }).total).toBe(0);
    },
  );
});
