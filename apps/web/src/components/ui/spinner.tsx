import { commonCatalog } from '../../i18n/messages/catalog';
import { useT } from '../../i18n/use-t';

export function Spinner({ label, className = '' }: { label?: string; className?: string }) {
  const t = useT(commonCatalog);
  return (
    <span role="status" className={`inline-flex items-center gap-2 ${className}`}>
      <span
        className="size-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700"
        aria-hidden="true"
      />
      <span className="sr-only">{label ?? t('common.loadingShort')}</span>
    </span>
  );
}
