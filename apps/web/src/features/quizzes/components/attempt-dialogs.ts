import { lazy, type ComponentType } from 'react';

/**
 * A part needed only on Submit, Quit or at time-up, kept out of the screen's first bytes (ADR 013
 * budget): its fetch starts as soon as this module runs, alongside the attempt's own request, and
 * the screen never waits for it. A fetch that fails (the connection dropped at that moment, no
 * service worker yet) is tried again when the connection returns or 5 s later, never thrown to the
 * error boundary.
 */
function eager<P extends object>(load: () => Promise<ComponentType<P>>) {
  const attempt = (): Promise<{ default: ComponentType<P> }> =>
    load().then(
      (component) => ({ default: component }),
      () =>
        new Promise((resolve) => {
          const again = () => {
            window.removeEventListener('online', again);
            clearTimeout(timer);
            resolve(attempt());
          };
          const timer = setTimeout(again, 5_000);
          window.addEventListener('online', again);
        }),
    );
  const ready = attempt();
  return lazy(() => ready);
}

export const SubmitDialog = eager(() => import('./submit-dialog').then((m) => m.SubmitDialog));
export const ConfirmDialog = eager(() =>
  import('../../../components/ui/confirm-dialog').then((m) => m.ConfirmDialog),
);
export const TimeUpScreen = eager(() => import('./time-up-screen').then((m) => m.TimeUpScreen));
