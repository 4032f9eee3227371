import { AlarmClock } from 'lucide-react';
import { useState } from 'react';
import type { Language } from '@quizcast/contract/i18n/languages';
import type { SubmitQuizResponse } from '@quizcast/contract/schemas/quiz';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { formatNumber } from '../../../i18n/format';
import { useLanguage, useT } from '../../../i18n/use-t';
import { attemptCatalog } from '../attempt/messages/catalog';
import { resultsPublishedText } from './results-time';

export type TimeUpOutcome =
  | { kind: 'submitting' }
  | { kind: 'submitted'; result: SubmitQuizResponse }
  /** The server had already taken the answers in (auto-submitted with the saved answers). */
  | { kind: 'already-submitted' }
  /** No connection: the device retries when back online; the server submits the saved answers anyway. */
  | { kind: 'offline' }
  | { kind: 'failed' };

/** Whole scores as they are, others to two decimals ("7", "6.50"), grouped as the language writes them. */
const scoreText = (n: number, language: Language) =>
  formatNumber(
    n,
    language,
    Number.isInteger(n) ? {} : { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  );

/** "Time's Up!" with View Results: the score overlay, whose close goes back to the list. */
export function TimeUpScreen({
  quizName,
  outcome,
  onClose,
}: {
  quizName: string;
  outcome: TimeUpOutcome;
  onClose(): void;
}) {
  const t = useT(attemptCatalog);
  const language = useLanguage();
  useDocumentTitle(t('attempt.titleTimeUp'));
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    onClose();
  };
  return (
    <section
      aria-labelledby="time-up-heading"
      className="mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center"
    >
      <AlarmClock className="mx-auto size-12 text-red-600" aria-hidden="true" />
      <h1 id="time-up-heading" className="mt-4 text-2xl font-bold text-slate-900">
        {t('attempt.timeUp.title')}
      </h1>
      <p className="mt-1 text-sm text-slate-600">{quizName}</p>
      <div className="mt-3 text-slate-700" role="status">
        {outcome.kind === 'submitting' && (
          <span className="inline-flex items-center gap-2">
            <Spinner label={t('attempt.timeUp.submittingLabel')} /> {t('attempt.timeUp.submitting')}
          </span>
        )}
        {outcome.kind === 'submitted' && t('attempt.timeUp.submitted')}
        {outcome.kind === 'already-submitted' && t('attempt.timeUp.alreadySubmitted')}
        {outcome.kind === 'offline' && t('attempt.timeUp.offline')}
        {outcome.kind === 'failed' && t('attempt.timeUp.failed')}
      </div>
      <Button className="mt-6 w-full" onClick={() => setOpen(true)} disabled={outcome.kind === 'submitting'}>
        {t('attempt.timeUp.viewResults')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => (next ? setOpen(true) : close())}
        title={t('attempt.timeUp.yourResults')}
      >
        {outcome.kind === 'submitted' && outcome.result.score === undefined ? (
          // The quiz does not show scores on submit (ADR 014): say when the results come instead.
          <p className="text-sm text-slate-700" data-testid="results-at">
            {resultsPublishedText(outcome.result.resultsAt, t, language)}
          </p>
        ) : outcome.kind === 'submitted' ? (
          <div className="space-y-4 text-center">
            <p className="text-sm text-slate-600">{t('attempt.timeUp.score')}</p>
            <p className="text-4xl font-extrabold text-brand-800" data-testid="score">
              {scoreText(outcome.result.score ?? 0, language)} /{' '}
              {scoreText(outcome.result.maxScore ?? 0, language)}
            </p>
            <p className="text-sm text-slate-600">
              {t('attempt.timeUp.answeredOf', {
                answered: formatNumber(outcome.result.answeredCount ?? 0, language),
                total: outcome.result.totalQuestions,
              })}
            </p>
            <p className="text-sm text-slate-600">{t('attempt.timeUp.rankLater')}</p>
          </div>
        ) : (
          <p className="text-sm text-slate-600">{t('attempt.timeUp.summaryLater')}</p>
        )}
        <Button className="mt-6 w-full" onClick={close}>
          {t('attempt.timeUp.close')}
        </Button>
      </Dialog>
    </section>
  );
}
