import { expect, test, type Page } from './support/fixtures';
import { adminSession, signIn } from './support/session';
import { expectAccessible } from './support/axe';
import { retireQuiz } from './support/quizzes';

/** The server's clock as a `datetime-local` value in the page's zone, moved by `offsetMs`. */
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

const question = (page: Page, n: number) => page.getByRole('group', { name: `Question ${n}`, exact: true });
const section = (page: Page, n: number) => page.getByRole('group', { name: `Section ${n}`, exact: true });

interface StoredQuiz {
  navigation: string;
  duration: number;
  markingScheme: { correct: number; wrong: number };
  sections: { name: string; nameHi: string; duration: number | null; cutoff: number | null }[];
  questions: { qn: string; section: number | null }[];
}

/**
 * Issue 26: an admin builds a CAT-style sectioned quiz in the editor at 360 px (a pattern, a renamed
 * section, a cut-off, a question moved to another section) and the API stores exactly that.
 */
test('an admin creates a sectioned quiz from the CAT pattern and the API stores it', async ({
  page,
  request,
}, testInfo) => {
  // A long form, an import and an axe pass on a phone, on a 2-core machine shared with other runs.
  test.setTimeout(240_000);
  const admin = await adminSession(request, testInfo);
  await signIn(page, admin);
  await page.goto('/quizzess/create');
  // The first screen of a fresh server loads its admin chunks cold: on a busy machine that is slow.
  await expect(page.getByRole('heading', { name: 'Create quiz' })).toBeVisible({ timeout: 30_000 });

  const name = `Sectioned e2e ${testInfo.project.name} ${testInfo.repeatEachIndex} ${Date.now()}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Starts at', { exact: true }).fill(await serverLocalInput(page, -60_000));
  await page.getByLabel('Ends at', { exact: true }).fill(await serverLocalInput(page, 3 * 3600_000));
  await page.getByLabel(/^Published/).uncheck();

  // A pattern on a new quiz (one blank question) applies at once.
  await page.getByLabel('Start from an exam pattern').selectOption('cat');
  await page.getByRole('button', { name: 'Apply pattern' }).click();
  await expect(page.getByRole('radio', { name: /^Timed, locked order/ })).toBeChecked();
  await expect(page.getByLabel('Duration (minutes)')).toHaveValue('120');
  await expect(page.getByLabel('Duration (minutes)')).toBeDisabled();

  // Imported questions join the sections their file names.
  await page.getByRole('button', { name: 'Import questions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import questions' });
  await dialog.getByLabel('Question file (.csv or .txt)').setInputFiles({
    name: 'sectioned.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'qn,choice1,choice2,answer,section\n' +
        'Sectioned question 1?,a1,b1,A,Verbal Ability and Reading Comprehension\n' +
        'Sectioned question 2?,a2,b2,B,Verbal Ability and Reading Comprehension\n' +
        'Sectioned question 3?,a3,b3,A,Quantitative Ability\n',
    ),
  });
  await dialog.getByRole('button', { name: 'Check and import' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Questions (3)' })).toBeVisible();
  await expect(section(page, 1).getByText('2 of 24 questions (as in the exam)')).toBeVisible();

  await section(page, 2).getByLabel('Name (English)').fill('DILR');
  await section(page, 1).getByLabel('Cut-off score').fill('10');
  await section(page, 3).getByLabel('Time (minutes)').fill('30');
  await question(page, 2).getByLabel('Section', { exact: true }).selectOption({ label: 'Section 2: DILR' });
  await expect(page.getByLabel('Duration (minutes)')).toHaveValue('110');

  // The editor at 360 px: nothing scrolls sideways, and axe finds nothing serious.
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(sideways).toBe(false);
  await expectAccessible(page, 'quiz editor with sections', { strict: true, wcagOnly: true });

  await page.getByRole('button', { name: 'Create quiz' }).click();
  // The save (a busy button meanwhile) took over 10 s once with the machine's load at 30.
  await expect(page.getByRole('heading', { name })).toBeVisible({ timeout: 60_000 });
  const id = page.url().split('/').pop()!;
  try {
    const res = await request.get(`/api/quizzes/admin-get-one/${id}`, {
      headers: { Authorization: `Bearer ${admin.accessToken}` },
    });
    expect(res.status()).toBe(200);
    const stored = (await res.json()) as StoredQuiz;
    expect([stored.navigation, stored.duration, stored.markingScheme]).toEqual([
      'locked',
      110,
      { correct: 3, wrong: 1 },
    ]);
    expect(stored.sections.map((s) => [s.name, s.duration, s.cutoff])).toEqual([
      ['Verbal Ability and Reading Comprehension', 40, 10],
      ['DILR', 40, null],
      ['Quantitative Ability', 30, null],
    ]);
    expect(stored.sections[0]!.nameHi).toBe('मौखिक योग्यता और पठन बोध');
    expect(stored.questions.map((q) => [q.qn, q.section])).toEqual([
      ['Sectioned question 1?', 0],
      ['Sectioned question 2?', 1],
      ['Sectioned question 3?', 2],
    ]);
  } finally {
    await retireQuiz(request, admin.accessToken, id);
  }
});
