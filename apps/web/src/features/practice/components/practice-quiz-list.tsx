import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { EXAM_FAMILIES } from '@quizcast/contract/constants';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import type { PracticeMode, PracticeQuiz } from '@quizcast/contract/schemas/practice';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { examLabel } from '../../../i18n/exam-family';
import { commonCatalog } from '../../../i18n/messages/catalog';
import { useServerMessage, useT } from '../../../i18n/use-t';
import { practiceAttemptQueryOptions, usePracticeQuizzes, useStartPractice } from '../api/practice';
import { practiceCatalog } from '../messages/catalog';
import { useQueryClient } from '@tanstack/react-query';

/** Published quizzes to practise, filtered by exam, topic and previous-year paper. */
export function PracticeQuizList({ mode }: { mode: PracticeMode }) {
  const t = useT(practiceCatalog);
  const tc = useT(commonCatalog);
  const [exam, setExam] = useState('');
  const [topic, setTopic] = useState('');
  const [papers, setPapers] = useState(false);
  const query = usePracticeQuizzes({
    exam: (exam || undefined) as (typeof EXAM_FAMILIES)[number] | undefined,
    topic: topic.trim() || undefined,
    previousYear: papers ? 'true' : undefined,
  });
  const localise = useServerMessage();
  return (
    <section aria-labelledby="practice-quizzes-heading" className="space-y-3">
      <h2 id="practice-quizzes-heading" className="sr-only">
        {t('practice.filters')}
      </h2>
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          label={t('practice.exam')}
          options={EXAM_FAMILIES}
          placeholder={t('practice.allExams')}
          optionLabel={(e) => examLabel(e, tc)}
          value={exam}
          onChange={(e) => setExam(e.target.value)}
        />
        <TextField
          label={t('practice.topic')}
          value={topic}
          onChange={(e) => setTopic(e.target.value)}
          maxLength={60}
        />
        <label className="flex min-h-11 items-center gap-3 self-end text-base text-slate-900">
          <input
            type="checkbox"
            className="size-6 shrink-0 accent-brand-700"
            checked={papers}
            onChange={(e) => setPapers(e.target.checked)}
          />
          {t('practice.previousYear')}
        </label>
      </div>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <ErrorState
          title={t('practice.loadFailed')}
          message={localise(errorMessage(query.error, t('practice.loadFailed')))}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.quizzes.length === 0 ? (
        <p className="rounded-2xl bg-white p-4 text-slate-700 ring-1 ring-slate-200">{t('practice.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {query.data.quizzes.map((quiz) => (
            <PracticeQuizRow key={quiz._id} quiz={quiz} mode={mode} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PracticeQuizRow({ quiz, mode }: { quiz: PracticeQuiz; mode: PracticeMode }) {
  const t = useT(practiceCatalog);
  const tc = useT(commonCatalog);
  const localise = useServerMessage();
  const start = useStartPractice();
  const navigate = useNavigate();
  const client = useQueryClient();
  const begin = () =>
    start.mutate(
      { quizId: quiz._id, mode },
      {
        onSuccess: (attempt) => {
          client.setQueryData(practiceAttemptQueryOptions(attempt._id).queryKey, attempt);
          void navigate(`${WEB_ROUTES.practiceAttempt}/${attempt._id}`);
        },
        onError: (err) => toast.error(localise(errorMessage(err, t('practice.startFailed')))),
      },
    );
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <div className="flex-1">
        <p className="font-semibold text-slate-900">{quiz.name}</p>
        <p className="text-sm text-slate-600">
          {t('practice.row.meta', {
            exam: examLabel(quiz.exam, tc),
            count: quiz.questionCount,
            minutes: quiz.duration,
          })}
          {quiz.previousYear !== null && (
            <> · {t('practice.row.paper', { year: String(quiz.previousYear) })}</>
          )}
        </p>
        {quiz.practiceCount > 0 && (
          <p className="text-sm text-slate-600">{t('practice.row.done', { count: quiz.practiceCount })}</p>
        )}
      </div>
      {quiz.unlocked ? (
        <Button
          onClick={begin}
          loading={start.isPending}
          aria-label={t('practice.row.start', { name: quiz.name })}
        >
          {t('practice.nav')}
        </Button>
      ) : (
        <p className="text-sm text-slate-700">{t('practice.row.locked')}</p>
      )}
    </li>
  );
}
