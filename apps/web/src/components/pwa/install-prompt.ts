import { useSyncExternalStore } from 'react';

/** Chrome's install offer (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

type WindowWithEarlyOffer = Window & { __quizcastInstallOffer?: BeforeInstallPromptEvent };

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/**
 * Keeps the browser's install offer for the "Install app" buttons. Started from main.tsx before
 * the first render, because the browser may offer it before any screen is on the page.
 */
export function captureInstallPrompt(target: Window = window): void {
  // The prerendered landing page starts this code after its first paint; its boot script
  // (scripts/prerender-landing.mjs) keeps an offer the browser made before then.
  const early = (target as WindowWithEarlyOffer).__quizcastInstallOffer;
  if (early) {
    deferred = early;
    delete (target as WindowWithEarlyOffer).__quizcastInstallOffer;
    notify();
  }
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  target.addEventListener('appinstalled', () => {
    deferred = null;
    notify();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the browser allows installing now, and the function that asks it to. */
export function useInstallPrompt(): { canInstall: boolean; install(): Promise<void> } {
  const event = useSyncExternalStore(
    subscribe,
    () => deferred,
    () => null,
  );
  return {
    canInstall: event !== null,
    install: async () => {
      if (!deferred) return;
      const offer = deferred;
      await offer.prompt();
      const { outcome } = await offer.userChoice;
      // An offer can be used once; Chrome sends a new one later if the user dismissed it.
      deferred = null;
      notify();
      if (outcome === 'accepted') notify();
    },
  };
}
