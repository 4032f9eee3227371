import { useEffect } from 'react';
import { useParams } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { FullScreenLoader } from '../../../components/ui/full-screen-loader';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useServerMessage, useT } from '../../../i18n/use-t';
import { useRunnablePracticeAttempt } from '../api/practice';
import { clearPracticeCopy, prunePracticeCopies } from '../lib/practice-device-copy';
import { practiceCatalog } from '../messages/catalog';
import { PracticeResultView } from './practice-result';
import { PracticeRunner } from './practice-runner';

/**
 * /practice/attempts/:attemptId: the running practice (from the device's copy when the server cannot
 * be reached), or its result once submitted.
 */
export function PracticeRunPage() {
  const { attemptId = '' } = useParams();
  const userId = useAuth().user?._id ?? '';
  const t = useT(practiceCatalog);
  const localise = useServerMessage();
  const query = useRunnablePracticeAttempt(attemptId, userId);
  const submitted = Boolean(query.data?.result);
  useEffect(() => {
    prunePracticeCopies(Date.now());
    if (submitted) clearPracticeCopy(userId, attemptId);
  }, [submitted, userId, attemptId]);
  if (query.isPending) return <FullScreenLoader />;
  if (query.isError)
    return (
      <ErrorState
        title={t('practice.run.loadFailed')}
        message={localise(errorMessage(query.error, t('practice.run.loadFailed')))}
        onRetry={() => void query.refetch()}
      />
    );
  const attempt = query.data;
  if (attempt.result) return <PracticeResultView attempt={attempt} result={attempt.result} />;
  return <PracticeRunner key={attempt._id} attempt={attempt} userId={userId} />;
}
