import { lazy, Suspense } from 'react';
import { TOAST } from '@quizcast/contract/constants';

// The toast container arrives after the first paint: no screen needs it to be usable, and sonner
// is ~10 KB gzip. Screens that call `toast()` load sonner themselves.
const SonnerToaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function Toaster() {
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        position={TOAST.position}
        duration={TOAST.durationMs}
        visibleToasts={TOAST.visibleToasts}
        gap={TOAST.gap}
        hotkey={[...TOAST.hotkey]}
        closeButton
        // sonner's default is 13 px; no text on a phone is smaller than 14 px (issue 17).
        toastOptions={{ style: { fontSize: '0.875rem' } }}
      />
    </Suspense>
  );
}
