import { useLayoutEffect } from 'react';
import type * as SonnerModule from 'sonner';

let sonner: typeof SonnerModule | null = null;

/**
 * A toast belongs to the action that raised it (issue 30, defect 7): it goes when the screen changes,
 * or sooner ("OTP sent successfully" no longer follows the learner from the login to the profile, the
 * quiz intro and a whole quiz). What an action says about the screen it opens is that screen's notice,
 * in its flow (`announceOn`, screen-notice.tsx): a toast carried there covered a quiz row or the
 * Privacy heading on a 360 px phone. `screen`: the pathname on display.
 */
export function useToastsFollowScreen(screen: string): void {
  // sonner is loaded after the first paint by the toast container; this import does not fetch it
  // twice. Until it is here no toast can have shown.
  useLayoutEffect(() => {
    void import('sonner').then((m) => {
      sonner = m;
    });
  }, []);
  // Before the new screen's own effects run, so a toast it raises at once stays.
  useLayoutEffect(() => {
    sonner?.toast.dismiss();
  }, [screen]);
}
