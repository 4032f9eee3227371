import { useEffect, useRef } from 'react';

type ToastId = string | number;

/**
 * A toast belongs to the action that raised it (issue 30, defect 7): when the screen changes, the
 * toasts raised on the screen being left may stay (they can announce the very action that opened the
 * new screen: "User registered successfully", "Profile updated successfully"), and every toast that
 * had already outlived a screen change goes ("OTP sent successfully" no longer follows the learner
 * from the login to the profile, the quiz intro and a whole quiz). So a toast shows on at most two
 * screens: its own and the one its action opened. `screen`: the pathname on display.
 */
export function useToastsFollowScreen(screen: string): void {
  const carried = useRef<Set<ToastId> | null>(null);
  useEffect(() => {
    // The first screen: nothing has been carried from anywhere yet.
    if (carried.current === null) {
      carried.current = new Set();
      return;
    }
    const previous = carried.current;
    let live = true;
    // sonner is loaded after the first paint by the toast container; this import does not fetch it.
    void import('sonner').then(({ toast }) => {
      if (!live) return;
      const next = new Set<ToastId>();
      for (const { id } of toast.getToasts()) {
        if (previous.has(id)) toast.dismiss(id);
        else next.add(id);
      }
      carried.current = next;
    });
    return () => {
      live = false;
    };
  }, [screen]);
}
