import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RemindersSection } from './reminders-section';

const PUBLIC_KEY = 'B'.repeat(87);
const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
const subscribe = vi.fn(async () => subscription);
let current: PushSubscription | null = null;
const subscription = {
  endpoint: 'https://push.example/abc',
  toJSON: () => ({
    endpoint: 'https://push.example/abc',
    keys: { p256dh: 'k'.repeat(87), auth: 'a'.repeat(22) },
  }),
  unsubscribe: vi.fn(async () => true),
} as unknown as PushSubscription;
const calls: { method: string; url: string; body: unknown }[] = [];

beforeEach(() => {
  current = null;
  calls.length = 0;
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, { permission: 'default', requestPermission }),
  );
  vi.stubGlobal('PushManager', function PushManager() {});
  const registration = {
    pushManager: {
      getSubscription: vi.fn(async () => current),
      subscribe: vi.fn(async (...args: unknown[]) => {
        current = subscription;
        return subscribe(...(args as []));
      }),
    },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration) },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const body =
        method === 'GET'
          ? {
              publicKey: PUBLIC_KEY,
              switches: { quizOpening: true, results: true, reviewDue: true },
              subscriptions: 0,
            }
          : { message: 'ok' };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

async function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <RemindersSection />
      </QueryClientProvider>,
    );
  });
  return client;
}

describe('RemindersSection', () => {
  it('never asks for permission on page load, only when the learner turns reminders on', async () => {
    const client = await renderSection();
    const button = await screen.findByRole('button', { name: 'Turn reminders on' });
    expect(requestPermission).not.toHaveBeenCalled();

    await act(async () => {
      fireEvent.click(button);
    });
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/reminders/subscription',
      body: { endpoint: 'https://push.example/abc', keys: { p256dh: 'k'.repeat(87), auth: 'a'.repeat(22) } },
    });
    expect(await screen.findByText('Reminders are on for this phone.')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'My results are published' })).toBeTruthy();
    client.clear();
  });

  it('says what turning on and each switch did beside the controls, read out politely, not in a toast (issue 30)', async () => {
    const client = await renderSection();
    const turnOn = await screen.findByRole('button', { name: 'Turn reminders on' });
    const status = screen.getByRole('status');
    // In the page before anything is said, so that what is put into it is read out.
    expect(status.textContent).toBe('');
    await act(async () => {
      fireEvent.click(turnOn);
    });
    expect(status.textContent).toBe('Reminders are on');
    expect(screen.getByRole('region', { hidden: true, name: 'Reminders' }).contains(status)).toBe(true);
    await act(async () => {
      fireEvent.click(screen.getByRole('checkbox', { name: 'My results are published' }));
    });
    expect(status.textContent).toBe('Saved');
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
    client.clear();
  });
});
