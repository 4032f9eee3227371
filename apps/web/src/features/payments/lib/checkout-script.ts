import type { CheckoutSuccess } from '@quizcast/contract/schemas/payment';

/** The slice of Razorpay's checkout.js interface the app uses (the fake checkout implements the same). */
export interface CheckoutOptions {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description?: string;
  prefill?: { name?: string; email?: string; contact?: string };
  notes?: Record<string, string>;
  theme?: { color?: string };
  handler(response: CheckoutSuccess): void;
  modal?: { ondismiss?: () => void; escape?: boolean; confirm_close?: boolean };
}

export interface CheckoutFailure {
  error?: { code?: string; description?: string; reason?: string; metadata?: Record<string, string> };
}

export interface Checkout {
  open(): void;
  close(): void;
  on(event: 'payment.failed', callback: (response: CheckoutFailure) => void): void;
}

export type CheckoutConstructor = new (options: CheckoutOptions) => Checkout;

declare global {
  interface Window {
    Razorpay?: CheckoutConstructor;
  }
}

const loads = new Map<string, Promise<boolean>>();

/**
 * Loads a checkout script once, on demand. Resolves false if it cannot be loaded (offline, blocked),
 * and forgets the failure so a later Try Again loads it afresh.
 */
export function loadCheckoutScript(src: string): Promise<boolean> {
  const existing = loads.get(src);
  if (existing) return existing;
  const load = new Promise<boolean>((resolve) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve(typeof window.Razorpay === 'function');
    script.onerror = () => {
      script.remove();
      resolve(false);
    };
    document.body.appendChild(script);
  }).then((ok) => {
    if (!ok) loads.delete(src);
    return ok;
  });
  loads.set(src, load);
  return load;
}
