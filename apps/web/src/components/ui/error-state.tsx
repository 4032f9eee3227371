import { AlertTriangle } from 'lucide-react';
import { commonCatalog } from '../../i18n/messages/catalog';
import { useT } from '../../i18n/use-t';
import { Button } from './button';

/** A failed load: what went wrong and a way to try again. */
export function ErrorState({
  title,
  message,
  onRetry,
  retryLabel,
}: {
  title: string;
  message: string;
  onRetry?: () => void;
  retryLabel?: string;
}) {
  const t = useT(commonCatalog);
  return (
    <section role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
      <AlertTriangle className="mx-auto size-8 text-red-600" aria-hidden="true" />
      <h2 className="mt-3 text-lg font-bold text-red-900">{title}</h2>
      <p className="mt-1 text-sm text-red-800">{message}</p>
      {onRetry && (
        <Button variant="secondary" className="mt-4" onClick={onRetry}>
          {retryLabel ?? t('common.retry')}
        </Button>
      )}
    </section>
  );
}
