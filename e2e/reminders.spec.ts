import { expect, test } from './support/fixtures';

// This spec is about the service worker, which the config blocks for the rest of the suite.
test.use({ serviceWorkers: 'allow' });

/**
 * Issue 28: a push delivered to the service worker (the DevTools protocol stands in for the push
 * service) is shown as a notification carrying the screen a tap opens. The payload is the server's
 * shape (contract `pushPayloadSchema`); its encryption is tested against a push-service stand-in in
 * apps/server/test/reminders.api.test.ts.
 */
test('a pushed "results are out" reminder shows a notification that opens the results', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications']);
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((r) => !r.isDeleted);
      if (live) resolve(live.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await page.goto('/login');
  await page.evaluate(() => navigator.serviceWorker.ready);

  const url = '/quizzes/summary/7d7b2a56-1c1e-4c6f-9d55-0f0e2a1b3c4d';
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: await registrationId,
    data: JSON.stringify({
      kind: 'results',
      title: 'Your results are out',
      body: 'See your score.',
      url,
      tag: 'r1',
    }),
  });
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          url: (n.data as { url?: string } | null)?.url,
        })),
      ),
    )
    .toEqual([{ title: 'Your results are out', body: 'See your score.', url }]);
});
