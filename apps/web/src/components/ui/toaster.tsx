import { lazy, Suspense } from 'react';
import { TOAST } from '@quizcast/contract/constants';
import { commonCatalog } from '../../i18n/messages/catalog';
import { useT } from '../../i18n/use-t';

// The toast container arrives after the first paint: no screen needs it to be usable, and sonner
// is ~10 KB gzip. Screens that call `toast()` load sonner themselves.
const SonnerToaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function Toaster() {
  return (
    <Suspense fallback={null}>
      <LocalisedToaster />
    </Suspense>
  );
}

/** Inside the Suspense boundary: in Hindi it may wait for the shared catalogue, never the screen. */
function LocalisedToaster() {
  const t = useT(commonCatalog);
  return (
    <SonnerToaster
      position={TOAST.position}
      duration={TOAST.durationMs}
      visibleToasts={TOAST.visibleToasts}
      gap={TOAST.gap}
      hotkey={[...TOAST.hotkey]}
      closeButton
      // The region's name and each toast's close button, in the language on screen.
      containerAriaLabel={t('common.toast.region')}
      // sonner's default is 13 px; no text on a phone is smaller than 14 px (issue 17).
      toastOptions={{ style: { fontSize: '0.875rem' }, closeButtonAriaLabel: t('common.toast.close') }}
    />
  );
}
