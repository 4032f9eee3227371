import { i18n } from '../../i18n/i18n';
import { commonCatalog } from '../../i18n/messages/catalog';
import { useLanguage } from '../../i18n/use-t';

/**
 * The spec's "Loading..." screen. It is also what shows while a screen's Hindi arrives, so it never
 * waits for a catalogue itself: English until the common catalogue is there.
 */
export function FullScreenLoader({ label }: { label?: string }) {
  const language = useLanguage();
  const text = label ?? (commonCatalog.isLoaded(language) ? i18n._('common.loading') : 'Loading...');
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-white"
    >
      <span
        className="size-10 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700"
        aria-hidden="true"
      />
      <p className="text-base font-medium text-slate-700">{text}</p>
    </div>
  );
}
