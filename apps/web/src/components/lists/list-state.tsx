import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '../ui/error-state';
import { Spinner } from '../ui/spinner';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/api-client';
import { listsCatalog } from './messages/catalog';

/** The admin lists' shared states: a spinner, an error with Retry, an empty message, or the rows. */
export function ListState<T>({
  query,
  loadingLabel,
  errorTitle,
  isEmpty,
  emptyMessage,
  children,
}: {
  query: UseQueryResult<T>;
  loadingLabel: string;
  errorTitle: string;
  isEmpty(data: T): boolean;
  emptyMessage: string;
  children(data: T): ReactNode;
}) {
  const t = useT(listsCatalog);
  if (query.isPending) return <Spinner label={loadingLabel} />;
  if (query.isError) {
    return (
      <ErrorState
        title={errorTitle}
        message={errorMessage(query.error, t('lists.tryAgain'))}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (isEmpty(query.data)) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
        {emptyMessage}
      </p>
    );
  }
  return <>{children(query.data)}</>;
}
