import { Download } from 'lucide-react';
import { commonCatalog } from '../../i18n/messages/catalog';
import { useT } from '../../i18n/use-t';
import { useInstallPrompt } from './install-prompt';

/** "Install app", only where the browser offers installing (Chrome on Android, desktop Chrome). */
export function InstallAppButton({ className = '' }: { className?: string }) {
  const { canInstall, install } = useInstallPrompt();
  const t = useT(commonCatalog);
  if (!canInstall) return null;
  return (
    <button
      type="button"
      onClick={() => void install()}
      className={`inline-flex min-h-11 items-center gap-2 rounded-xl border border-brand-200 bg-white px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50 active:bg-brand-100 ${className}`}
    >
      <Download className="size-4" aria-hidden="true" />
      {t('common.installApp')}
    </button>
  );
}
