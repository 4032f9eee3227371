import { expect, test, type Page } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { adminSession, signIn } from './support/session';

/** Issue 18: an admin who chose Hindi manages quizzes in Hindi. */

/** A live, free demo quiz (apps/server/src/seed/demo.ts). */
const POLITY = 'UPSC Prelims: Indian Polity Basics';
/** "22 नव॰ 2026, 3:30 PM IST → …": both ends of a schedule through Intl for hi-IN, in IST. */
const HINDI_IST =
  /\d{1,2} [\u0900-\u097F]+ \d{4}, \d{1,2}:\d{2} (AM|PM) IST → \d{1,2} [\u0900-\u097F]+ \d{4}/;

/** Nothing sticks out sideways (long Hindi words must wrap). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('हिन्दी: admin screens', () => {
  test('the quiz list, the editor with its validation, and quiz details in Hindi', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.addInitScript(() => window.localStorage.setItem('QUIZCAST_LANGUAGE', 'hi'));
    await signIn(page, await adminSession(page.request, testInfo));

    // The quiz list: heading, search, rows with Hindi status, counts and IST dates.
    await page.goto('/admin/quizzes');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { level: 1, name: 'क्विज़ मैनेज करें' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'नया क्विज़ बनाएँ' }).first()).toBeVisible();
    // The sidebar's Admin section too (behind the menu on phones).
    await expect(page.locator('aside')).toContainText('ऑडिट लॉग');
    const search = page.getByRole('searchbox', { name: 'क्विज़ खोजें' });
    await search.fill(POLITY);
    const row = page.getByRole('list', { name: 'क्विज़' }).getByRole('listitem').filter({ hasText: POLITY });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(/\d+ प्रश्न · \d+ ने शुरू किया · \d+ ने जमा किया/);
    await expect(row).toContainText(HINDI_IST);
    await expect(row).toContainText(/\d+ मिनट/);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, 'admin quizzes (hi)');
    await search.fill('ऐसा कोई क्विज़ नहीं');
    await expect(page.getByText('आपकी खोज से कोई क्विज़ नहीं मिला।')).toBeVisible();

    // The editor of a new quiz: labels in Hindi, and the rules' messages too when saving it empty.
    await page.goto('/quizzess/create');
    await expect(page.getByRole('heading', { level: 1, name: 'नया क्विज़ बनाएँ' })).toBeVisible();
    await expect(page.getByLabel('नाम', { exact: true })).toBeVisible();
    await expect(page.getByLabel('प्रश्न 1 का टेक्स्ट', { exact: true })).toBeVisible();
    await expect(page.getByRole('group', { name: 'प्रश्न 1 के विकल्प' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'प्रश्न इम्पोर्ट करें' })).toBeVisible();
    await page.getByRole('button', { name: 'क्विज़ बनाएँ', exact: true }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'ठीक करें' });
    await expect(summary).toContainText(/सेव करने से पहले \d+ गलतियाँ ठीक करें:/);
    await expect(summary).toContainText('नाम 3 से 200 अक्षरों का होना चाहिए');
    await expect(summary).toContainText('शुरू होने का समय चुनना ज़रूरी है');
    await expect(summary).toContainText('प्रश्न 1: प्रश्न का टेक्स्ट लिखना ज़रूरी है');
    await expect(summary).toContainText('प्रश्न 1: विकल्प A खाली है');
    // No English sentence left in the problems list.
    expect(await summary.innerText()).not.toMatch(/\b(is|must|required|empty)\b/);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, 'create quiz with problems (hi)');

    // The demo quiz's editor and its details page.
    await page.goto('/admin/quizzes');
    await page.getByRole('searchbox', { name: 'क्विज़ खोजें' }).fill(POLITY);
    // The search replaces the list (a loading state while it fetches): wait for the filtered list,
    // or the click lands on a row about to be detached and goes nowhere.
    await expect(page.getByRole('list', { name: 'क्विज़' }).getByRole('listitem')).toHaveCount(1);
    await page.getByRole('link', { name: `${POLITY} बदलें` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'क्विज़ बदलें' })).toBeVisible();
    await expect(page.getByLabel('नाम', { exact: true })).toHaveValue(POLITY);
    await expect(page.getByRole('group', { name: 'निष्पक्षता' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'क्विज़ सेव करें' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, 'edit quiz (hi)');

    await page.getByRole('link', { name: 'जानकारी देखें' }).click();
    await expect(page.getByRole('heading', { level: 1, name: POLITY })).toBeVisible();
    await expect(page.getByText(HINDI_IST)).toBeVisible();
    const attempts = page.locator('dl[aria-label="प्रयास"]');
    await expect(attempts).toContainText('शुरू किया');
    await expect(attempts).toContainText('औसत स्कोर');
    await expect(page.getByRole('figure', { name: 'स्कोर का बँटवारा' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'प्रतिभागी', exact: true })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'प्रतिभागी खोजें' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'प्रश्न-वार विश्लेषण' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, 'quiz details (hi)');
  });
});
