import { expect, type Page } from './fixtures';

/** A live, free demo quiz (apps/server/src/seed/demo.ts). */
export const POLITY = 'UPSC Prelims: Indian Polity Basics';

/** The service worker is installed and active (its precache of the app shell is complete). */
export async function serviceWorkerReady(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active!.scriptURL;
  });
}

export async function startPolity(page: Page): Promise<void> {
  await page.goto('/quizzes');
  await expect(page.getByRole('heading', { level: 1, name: 'Quizzes' })).toBeVisible();
  await serviceWorkerReady(page);
  await page.getByRole('searchbox', { name: 'Search quizzes' }).fill(POLITY);
  await expect(page.getByTestId('quiz-row')).toHaveCount(1);
  await page.getByRole('link', { name: `Start ${POLITY}` }).click();
  await page.getByRole('button', { name: 'Start Quiz Now' }).click();
  await expect(page).toHaveURL(/\/quizzes\/attend$/);
  await expect(page.getByRole('heading', { level: 1, name: POLITY })).toBeVisible();
}
