import { AlertTriangle } from 'lucide-react';
import { Button } from './button';

/** A failed load: what went wrong and a way to try again. */
export function ErrorState({
  title,
  message,
  onRetry,
  retryLabel = 'Retry',
}: {
  title: string;
  message: string;
  onRetry?: () => void;
  retryLabel?: string;
}) {
  return (
    <section role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center">
      <AlertTriangle className="mx-auto size-8 text-red-600" aria-hidden="true" />
      <h2 className="mt-3 text-lg font-bold text-red-900">{title}</h2>
      <p className="mt-1 text-sm text-red-800">{message}</p>
      {onRetry && (
        <Button variant="secondary" className="mt-4" onClick={onRetry}>
          {retryLabel}
        </Button>
      )}
    </section>
  );
}
