import { CheckCircle2, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { ButtonLink } from '../../../components/ui/button-link';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLanguage, useT } from '../../../i18n/use-t';
import { attemptCatalog } from '../attempt/messages/catalog';
import type { QuizSubmittedState } from './quiz-attempt-page';
import { resultsPublishedText } from './results-time';

/**
 * After a manual submit (spec section 2). `actions` holds the poster button (composed by the app from the
 * poster feature, which this feature does not import).
 */
export function QuizSubmittedPage({ actions }: { actions?: ReactNode }) {
  const t = useT(attemptCatalog);
  const language = useLanguage();
  const state = (useLocation().state ?? null) as QuizSubmittedState | null;
  useDocumentTitle(t('attempt.titleSubmitted'));
  return (
    <section
      aria-labelledby="submitted-heading"
      className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center"
    >
      <CheckCircle2 className="mx-auto size-14 text-emerald-600" aria-hidden="true" />
      <h1 id="submitted-heading" className="mt-4 text-2xl font-bold text-slate-900">
        {t('attempt.submitted.title')}
      </h1>
      {state?.quizName && <p className="mt-1 text-sm text-slate-600">{state.quizName}</p>}
      <p className="mt-3 text-slate-700">{t('attempt.submitted.recorded')}</p>
      <p className="mt-4 flex items-start gap-2 rounded-xl bg-blue-50 p-3 text-left text-sm text-blue-900">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span data-testid="results-at">{resultsPublishedText(state?.resultsAt, t, language)}</span>
      </p>
      {actions && <div className="mt-6 flex justify-center">{actions}</div>}
      <ButtonLink to={WEB_ROUTES.quizzes} className="mt-6 w-full">
        {t('attempt.back')}
      </ButtonLink>
    </section>
  );
}
