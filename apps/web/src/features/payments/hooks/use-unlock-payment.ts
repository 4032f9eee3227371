import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { CURRENCY, PAYMENT_POLL_INTERVAL_MS } from '@quizcast/contract/constants';
import { CHECKOUT_SCRIPT_URLS, type CheckoutSuccess } from '@quizcast/contract/schemas/payment';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { createOrder } from '../api/create-order';
import { getPaymentStatus } from '../api/payment-status';
import { paymentsQueryOptions } from '../api/payments';
import { verifyPayment } from '../api/verify-payment';
import { loadCheckoutScript, type Checkout } from '../lib/checkout-script';
import { clearPendingPayment, readPendingPayment, savePendingPayment } from '../lib/pending-payment';
import { useT } from '../../../i18n/use-t';
import { paymentsCatalog } from '../messages/catalog';

/** The spec's payment messages (section 8), word for word. */
export const PAYMENT_UI_MESSAGES = {
  sdkFailed: 'Razorpay SDK failed to load',
  fallback: "Couldn't complete payment",
  success: 'Payment successful! You can now start the quiz.',
  failed: 'Payment failed. Please try again.',
  recheckedFailed: 'Payment failed',
  statusCheckFailed: 'Failed to check payment status',
} as const;

type PaymentsKey = NonNullable<(typeof paymentsCatalog)['keys']>;

/** A payment message in the language on screen: the spec's own (above) through the catalogue, the server's already localised. */
export function paymentMessage(message: string, t: (key: PaymentsKey) => string): string {
  const key = (Object.keys(PAYMENT_UI_MESSAGES) as (keyof typeof PAYMENT_UI_MESSAGES)[]).find(
    (k) => PAYMENT_UI_MESSAGES[k] === message,
  );
  return key ? t(`payments.message.${key}`) : message;
}

/** The quiz as the intro page hands it over (amounts in rupees, as the quiz API gives them). */
export interface UnlockableQuiz {
  _id: string;
  name: string;
  /** Base price in rupees (10). */
  price: number;
  /** Rupees including 18% GST (11.8): the figure create-order cross-checks. */
  priceWithGst: number;
}

export type PaymentPhase =
  | { name: 'idle' }
  /** Creating the order and loading the checkout script. */
  | { name: 'starting' }
  /** The gateway's checkout is open (our dialog steps aside). */
  | { name: 'checkout' }
  /** The checkout reported a payment; the server is verifying its signature. */
  | { name: 'verifying' }
  /** Outcome unknown (reload, dropped connection): polling the payment's status. */
  | { name: 'checking'; paymentId: string }
  | { name: 'success' }
  | { name: 'error'; message: string; retry: 'pay' | 'check'; paymentId?: string };

function initialPhase(quizId: string): PaymentPhase {
  const pending = readPendingPayment();
  return pending?.quizId === quizId ? { name: 'checking', paymentId: pending.paymentId } : { name: 'idle' };
}

/**
 * The payment dialog's state machine: idle → (checkout) → success, or error with Try Again.
 * The payment in flight is saved on the device; on load it is re-checked and polled while pending.
 */
export function useUnlockPayment(quiz: UnlockableQuiz) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const t = useT(paymentsCatalog);
  // The success toast speaks the language on screen when it fires (not when the payment began).
  const tRef = useRef(t);
  useEffect(() => {
    tRef.current = t;
  }, [t]);
  const [phase, setPhaseState] = useState<PaymentPhase>(() => initialPhase(quiz._id));
  const [open, setOpen] = useState(() => phase.name === 'checking');
  const phaseRef = useRef(phase);
  const checkoutRef = useRef<Checkout | null>(null);
  const mounted = useRef(true);

  const setPhase = useCallback((next: PaymentPhase) => {
    phaseRef.current = next;
    if (mounted.current) setPhaseState(next);
  }, []);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const succeed = useCallback(
    (paymentId?: string) => {
      clearPendingPayment(paymentId);
      setPhase({ name: 'success' });
      // The dialog says it (its message is a status); a toast as well would cover the page behind it
      // (issue 30, defect 9). Only a payment that succeeds after the learner left says it in a toast.
      if (mounted.current) setOpen(true);
      else toast.success(tRef.current('payments.message.success'));
      void queryClient.invalidateQueries({ queryKey: paymentsQueryOptions().queryKey });
    },
    [queryClient, setPhase],
  );

  const fail = useCallback(
    (message: string, paymentId?: string) => {
      clearPendingPayment(paymentId);
      setPhase({ name: 'error', message, retry: 'pay' });
    },
    [setPhase],
  );

  // Polls the saved payment while its outcome is unknown.
  useEffect(() => {
    if (phase.name !== 'checking') return;
    const { paymentId } = phase;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      try {
        const { payment } = await getPaymentStatus(paymentId);
        if (cancelled) return;
        if (payment.status === 'success') succeed(paymentId);
        else if (payment.status === 'failed') fail(PAYMENT_UI_MESSAGES.recheckedFailed, paymentId);
        else timer = setTimeout(() => void check(), PAYMENT_POLL_INTERVAL_MS);
      } catch (err) {
        if (cancelled) return;
        if (isApiError(err) && err.status === 404) {
          // Not this user's payment (or gone): nothing to resume.
          clearPendingPayment(paymentId);
          setPhase({ name: 'idle' });
          setOpen(false);
          return;
        }
        setPhase({
          name: 'error',
          message: PAYMENT_UI_MESSAGES.statusCheckFailed,
          retry: 'check',
          paymentId,
        });
      }
    };
    void check();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [phase, succeed, fail, setPhase]);

  const onPaid = useCallback(
    async (paymentId: string, response: CheckoutSuccess) => {
      setPhase({ name: 'verifying' });
      try {
        await verifyPayment({
          orderId: response.razorpay_order_id,
          paymentId: response.razorpay_payment_id,
          signature: response.razorpay_signature,
          amount: quiz.priceWithGst,
          quizId: quiz._id,
        });
        succeed(paymentId);
      } catch (err) {
        if (isApiError(err) && err.status >= 400 && err.status < 500) {
          fail(errorMessage(err, PAYMENT_UI_MESSAGES.fallback), paymentId);
        } else {
          // The gateway took the payment but we could not hear back: keep checking, never ask to pay again.
          setPhase({ name: 'checking', paymentId });
        }
      } finally {
        void queryClient.invalidateQueries({ queryKey: paymentsQueryOptions().queryKey });
      }
    },
    [quiz._id, quiz.priceWithGst, succeed, fail, setPhase, queryClient],
  );

  const pay = useCallback(async () => {
    setPhase({ name: 'starting' });
    let order;
    try {
      order = await createOrder({
        amount: quiz.priceWithGst,
        currency: CURRENCY,
        userId: user?._id,
        email: user?.email ?? undefined,
        contact: user?.phNo,
        description: `Unlock ${quiz.name}`,
        quizId: quiz._id,
      });
    } catch (err) {
      if (isApiError(err) && err.status === 409) {
        // Unlocked meanwhile (e.g. by the gateway's webhook): nothing to pay.
        succeed();
        return;
      }
      fail(errorMessage(err, PAYMENT_UI_MESSAGES.fallback));
      return;
    }

    const loaded = await loadCheckoutScript(CHECKOUT_SCRIPT_URLS[order.provider]);
    const Razorpay = window.Razorpay;
    if (!loaded || !Razorpay) {
      fail(PAYMENT_UI_MESSAGES.sdkFailed);
      return;
    }

    const { paymentId } = order;
    let checkout: Checkout;
    try {
      checkout = new Razorpay({
        key: order.keyId,
        amount: order.order.amount,
        currency: order.order.currency,
        order_id: order.order.id,
        name: 'Quizcast',
        description: `Unlock ${quiz.name}`,
        prefill: { name: user?.name, email: user?.email ?? undefined, contact: user?.phNo },
        notes: { quizId: quiz._id },
        theme: { color: '#6d28d9' },
        handler: (response) => void onPaid(paymentId, response),
        modal: {
          ondismiss: () => {
            if (phaseRef.current.name !== 'checkout') return;
            clearPendingPayment(paymentId);
            setPhase({ name: 'idle' });
          },
        },
      });
      checkout.on('payment.failed', () => {
        if (phaseRef.current.name !== 'checkout') return;
        checkoutRef.current?.close();
        fail(PAYMENT_UI_MESSAGES.failed, paymentId);
      });
    } catch (err) {
      fail(errorMessage(err, PAYMENT_UI_MESSAGES.fallback));
      return;
    }
    checkoutRef.current = checkout;
    savePendingPayment({ paymentId, quizId: quiz._id });
    setPhase({ name: 'checkout' });
  }, [quiz._id, quiz.name, quiz.priceWithGst, user, succeed, fail, onPaid, setPhase]);

  // The checkout opens once our dialog has stepped aside (two modals would fight over focus).
  useEffect(() => {
    if (phase.name !== 'checkout') return;
    checkoutRef.current?.open();
  }, [phase]);

  const retry = useCallback(() => {
    if (phase.name === 'error' && phase.retry === 'check' && phase.paymentId) {
      setPhase({ name: 'checking', paymentId: phase.paymentId });
    } else {
      void pay();
    }
  }, [phase, pay, setPhase]);

  const openDialog = useCallback(() => {
    if (phaseRef.current.name === 'error') setPhase({ name: 'idle' });
    setOpen(true);
  }, [setPhase]);

  return { phase, open, setOpen, openDialog, pay, retry };
}
