import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_POLL_INTERVAL_MS, STORAGE_KEYS } from '@quizcast/contract/constants';
import { AuthProvider } from '../../../lib/auth';
import type { CheckoutFailure, CheckoutOptions } from '../lib/checkout-script';
import { loadCheckoutScript } from '../lib/checkout-script';
import { UnlockQuiz } from './unlock-quiz';

/**
 * The dialog against a stubbed gateway script (window.Razorpay) and a stubbed server (fetch):
 * the browser tests run the same flow against the real server and the fake checkout.
 */
vi.mock('../lib/checkout-script', () => ({ loadCheckoutScript: vi.fn() }));
const loadScript = vi.mocked(loadCheckoutScript);

class GatewayStub {
  static instances: GatewayStub[] = [];
  opened = false;
  failed: ((response: CheckoutFailure) => void) | undefined;
  constructor(readonly options: CheckoutOptions) {
    GatewayStub.instances.push(this);
  }
  on(_event: 'payment.failed', callback: (response: CheckoutFailure) => void) {
    this.failed = callback;
  }
  open() {
    this.opened = true;
  }
  close() {
    this.opened = false;
  }
}
const lastGateway = () => GatewayStub.instances.at(-1)!;

const QUIZ = {
  _id: '11111111-1111-4111-8111-111111111111',
  name: 'Indian Polity Sprint',
  price: 10,
  priceWithGst: 11.8,
};
const USER = { _id: 'user-1', name: 'Asha Verma', phNo: '9876543210', place: 'Varanasi', class: 'Other' };
const ORDER = {
  order: { id: 'order_fakeAbc', amount: 1180, currency: 'INR' },
  paymentId: '22222222-2222-4222-8222-222222222222',
  keyId: 'rzp_test_quizcast_fake',
  provider: 'fake',
  basePaise: 1000,
  gstPaise: 180,
};

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).startsWith(`/api${path}`));
const bodyOf = (path: string, index = 0) =>
  JSON.parse(String(calls(path)[index]![1]!.body)) as Record<string, unknown>;

/** Routes requests to handlers by path; unhandled ones fail the test loudly. */
function server(handlers: Record<string, () => Response | Promise<Response>>) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    const key = Object.keys(handlers).find((path) => url.startsWith(`/api${path}`));
    if (!key) throw new Error(`unexpected request ${url}`);
    return handlers[key]!();
  });
}

function AttendProbe() {
  const location = useLocation();
  return <p>Attend page for {(location.state as { quizId?: string } | null)?.quizId}</p>;
}

const onUnlocked = vi.fn();
function renderUnlock() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <MemoryRouter initialEntries={[`/quizzes/intro/${QUIZ._id}`]}>
          <Routes>
            <Route
              path="/quizzes/intro/:quizId"
              element={<UnlockQuiz quiz={QUIZ} onUnlocked={onUnlocked} />}
            />
            <Route path="/quizzes/attend" element={<AttendProbe />} />
          </Routes>
        </MemoryRouter>
      </AuthProvider>
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  window.localStorage.clear();
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(USER));
  window.localStorage.setItem(STORAGE_KEYS.accessToken, 'token');
  GatewayStub.instances = [];
  loadScript.mockImplementation(async () => {
    window.Razorpay = GatewayStub;
    return true;
  });
});
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  onUnlocked.mockReset();
  loadScript.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  delete window.Razorpay;
});

const pending = () => window.localStorage.getItem(STORAGE_KEYS.pendingPayment);

async function openAndPay(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Unlock Quiz for ₹10 + gst 18%' }));
  const dialog = await screen.findByRole('dialog', { name: 'Unlock Premium Quiz' });
  expect(dialog.textContent).toContain('₹1.80');
  await user.click(screen.getByRole('button', { name: 'Pay ₹11.80' }));
  await waitFor(() => expect(lastGateway()?.opened).toBe(true));
}

describe('payment dialog', () => {
  it('pays through the checkout, verifies on the server and offers Start Quiz', async () => {
    server({
      '/payments/create-order': () => json(200, ORDER),
      '/payments/verify-payment': () => json(200, { status: 'success', message: 'ok' }),
    });
    const user = userEvent.setup();
    renderUnlock();
    await openAndPay(user);

    expect(bodyOf('/payments/create-order')).toMatchObject({
      amount: 11.8,
      currency: 'INR',
      userId: 'user-1',
      contact: '9876543210',
      quizId: QUIZ._id,
    });
    expect(loadScript).toHaveBeenCalledWith('/fake-checkout.js');
    expect(lastGateway().options).toMatchObject({
      key: 'rzp_test_quizcast_fake',
      amount: 1180,
      currency: 'INR',
      order_id: 'order_fakeAbc',
    });
    // Our dialog steps aside while the checkout is open; the payment is remembered on the device.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(JSON.parse(pending()!)).toEqual({ paymentId: ORDER.paymentId, quizId: QUIZ._id });

    act(() =>
      lastGateway().options.handler({
        razorpay_payment_id: 'pay_1',
        razorpay_order_id: 'order_fakeAbc',
        razorpay_signature: 'sig',
      }),
    );
    expect(await screen.findAllByText('Payment successful! You can now start the quiz.')).not.toHaveLength(0);
    expect(bodyOf('/payments/verify-payment')).toEqual({
      orderId: 'order_fakeAbc',
      paymentId: 'pay_1',
      signature: 'sig',
      amount: 11.8,
      quizId: QUIZ._id,
    });
    expect(pending()).toBeNull();
    // Said once, in the dialog: no second toast over the page behind it (issue 30, defect 9).
    expect(screen.getAllByText('Payment successful! You can now start the quiz.')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Start Quiz Now' }));
    expect(onUnlocked).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(`Attend page for ${QUIZ._id}`)).toBeTruthy();
  });

  it('shows "Razorpay SDK failed to load" when the script cannot load, and Try Again retries', async () => {
    server({ '/payments/create-order': () => json(200, ORDER) });
    loadScript.mockResolvedValueOnce(false);
    const user = userEvent.setup();
    renderUnlock();
    await user.click(await screen.findByRole('button', { name: /Unlock Quiz/ }));
    await user.click(screen.getByRole('button', { name: 'Pay ₹11.80' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Razorpay SDK failed to load');
    expect(pending()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(lastGateway()?.opened).toBe(true));
  });

  it("shows the server's message when the order cannot be created", async () => {
    server({
      '/payments/create-order': () =>
        json(400, { statusCode: 400, message: 'Amount mismatch', error: 'Bad Request' }),
    });
    const user = userEvent.setup();
    renderUnlock();
    await user.click(await screen.findByRole('button', { name: /Unlock Quiz/ }));
    await user.click(screen.getByRole('button', { name: 'Pay ₹11.80' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Amount mismatch');
  });

  it('falls back to "Couldn\'t complete payment" when the failure has no message', async () => {
    server({ '/payments/create-order': () => json(200, ORDER) });
    loadScript.mockImplementation(async () => {
      window.Razorpay = class {
        constructor() {
          throw new Error('');
        }
      } as unknown as typeof window.Razorpay;
      return true;
    });
    const user = userEvent.setup();
    renderUnlock();
    await user.click(await screen.findByRole('button', { name: /Unlock Quiz/ }));
    await user.click(screen.getByRole('button', { name: 'Pay ₹11.80' }));
    expect((await screen.findByRole('alert')).textContent).toBe("Couldn't complete payment");
  });

  it('shows "Payment failed. Please try again." when the checkout reports a failure', async () => {
    server({ '/payments/create-order': () => json(200, ORDER) });
    const user = userEvent.setup();
    renderUnlock();
    await openAndPay(user);
    act(() => lastGateway().failed!({ error: { description: 'Card declined' } }));
    expect((await screen.findByRole('alert')).textContent).toBe('Payment failed. Please try again.');
    expect(lastGateway().opened).toBe(false);
    expect(pending()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(GatewayStub.instances).toHaveLength(2));
    expect(calls('/payments/create-order')).toHaveLength(2);
  });

  it('refuses a payment the server could not verify, with its message', async () => {
    server({
      '/payments/create-order': () => json(200, ORDER),
      '/payments/verify-payment': () =>
        json(400, { statusCode: 400, message: 'Payment verification failed', error: 'Bad Request' }),
    });
    const user = userEvent.setup();
    renderUnlock();
    await openAndPay(user);
    act(() =>
      lastGateway().options.handler({
        razorpay_payment_id: 'p',
        razorpay_order_id: 'o',
        razorpay_signature: 's',
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Payment verification failed');
    expect(pending()).toBeNull();
  });

  it('closing the checkout returns to the dialog and forgets the payment', async () => {
    server({ '/payments/create-order': () => json(200, ORDER) });
    const user = userEvent.setup();
    renderUnlock();
    await openAndPay(user);
    act(() => lastGateway().options.modal!.ondismiss!());
    expect(await screen.findByRole('button', { name: 'Pay ₹11.80' })).toBeTruthy();
    expect(pending()).toBeNull();
  });

  it('treats "Quiz already unlocked" as success', async () => {
    server({
      '/payments/create-order': () =>
        json(409, { statusCode: 409, message: 'Quiz already unlocked', error: 'Conflict' }),
    });
    const user = userEvent.setup();
    renderUnlock();
    await user.click(await screen.findByRole('button', { name: /Unlock Quiz/ }));
    await user.click(screen.getByRole('button', { name: 'Pay ₹11.80' }));
    expect(await screen.findByRole('button', { name: 'Start Quiz Now' })).toBeTruthy();
  });
});

describe('a payment saved on the device', () => {
  const savePending = () =>
    window.localStorage.setItem(
      STORAGE_KEYS.pendingPayment,
      JSON.stringify({ paymentId: ORDER.paymentId, quizId: QUIZ._id }),
    );
  const status = (value: string) =>
    json(200, { payment: { id: ORDER.paymentId, status: value, quizId: QUIZ._id } });

  it(`is re-checked on load and polled every ${PAYMENT_POLL_INTERVAL_MS} ms until it succeeds`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    savePending();
    const answers = ['pending', 'pending', 'success'];
    server({ '/payments/status/': () => status(answers.shift()!) });
    renderUnlock();
    expect(await screen.findByText('Checking your payment status…')).toBeTruthy();
    await waitFor(() => expect(calls('/payments/status/')).toHaveLength(1));
    expect(calls('/payments/status/')[0]![0]).toBe(`/api/payments/status/${ORDER.paymentId}`);

    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS - 100));
    expect(calls('/payments/status/')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(calls('/payments/status/')).toHaveLength(2));
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS));
    expect(await screen.findByRole('button', { name: 'Start Quiz Now' })).toBeTruthy();
    expect(calls('/payments/status/')).toHaveLength(3);
    expect(pending()).toBeNull();
  });

  it('reports "Payment failed" and forgets it when it failed', async () => {
    savePending();
    server({ '/payments/status/': () => status('failed') });
    renderUnlock();
    expect((await screen.findByRole('alert')).textContent).toBe('Payment failed');
    expect(pending()).toBeNull();
  });

  it('shows "Failed to check payment status" when the check fails, and Try Again re-checks', async () => {
    savePending();
    const answers = [
      () => json(500, { statusCode: 500, message: 'Internal server error', error: 'Internal Server Error' }),
      () => status('success'),
    ];
    server({ '/payments/status/': () => answers.shift()!() });
    const user = userEvent.setup();
    renderUnlock();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to check payment status');
    expect(pending()).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: 'Start Quiz Now' })).toBeTruthy();
    expect(calls('/payments/create-order')).toHaveLength(0);
  });

  it('keeps checking instead of asking to pay again when verification got no answer', async () => {
    server({
      '/payments/create-order': () => json(200, ORDER),
      '/payments/verify-payment': () => Promise.reject(new TypeError('Failed to fetch')),
      '/payments/status/': () => status('pending'),
    });
    const user = userEvent.setup();
    renderUnlock();
    await openAndPay(user);
    act(() =>
      lastGateway().options.handler({
        razorpay_payment_id: 'p',
        razorpay_order_id: 'o',
        razorpay_signature: 's',
      }),
    );
    expect(await screen.findByText('Checking your payment status…')).toBeTruthy();
    expect(JSON.parse(pending()!)).toEqual({ paymentId: ORDER.paymentId, quizId: QUIZ._id });
  });

  it("is left alone on another quiz's page", async () => {
    window.localStorage.setItem(
      STORAGE_KEYS.pendingPayment,
      JSON.stringify({ paymentId: ORDER.paymentId, quizId: 'another-quiz' }),
    );
    server({});
    renderUnlock();
    expect(await screen.findByRole('button', { name: /Unlock Quiz/ })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
