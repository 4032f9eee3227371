import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { PracticeAttempt, PracticeFeedback } from '@quizcast/contract/schemas/practice';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useServerMessage, useT } from '../../../i18n/use-t';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useSubmitPractice } from '../api/practice';
import { usePracticeAnswers } from '../hooks/use-practice-answers';
import { usePracticeAudio } from '../hooks/use-practice-audio';
import { practiceCatalog } from '../messages/catalog';
import { PracticeAudioPanel } from './practice-audio-panel';
import { PracticeClock } from './practice-clock';
import { PracticeFeedbackPanel } from './practice-feedback-panel';
import { PracticeQuestion } from './practice-question';
import { PracticeSyncNotice } from './practice-sync-notice';

/**
 * A running practice: one question at a time, each answer kept on the device and sent at once (or
 * when the connection returns), judged by the server when instant feedback is on; audio mode reads
 * the questions and speaks the feedback, with the attempt's keys.
 */
export function PracticeRunner({ attempt, userId }: { attempt: PracticeAttempt; userId: string }) {
  const t = useT(practiceCatalog);
  const localise = useServerMessage();
  const hear = useRef<(feedback: PracticeFeedback[]) => void>(() => undefined);
  const answers = usePracticeAnswers(attempt, userId, (feedback) => hear.current(feedback));
  const [confirmFinish, setConfirmFinish] = useState(false);
  const submit = useSubmitPractice(attempt._id);
  const { index, setIndex } = answers;
  const question = attempt.questions[index]!;
  const judged = answers.feedback.get(question._id);
  const chosen = answers.chosen(question._id);

  const finish = () => {
    setConfirmFinish(false);
    submit.mutate(answers.allAnswers(), {
      onSuccess: () => answers.forget(),
      onError: (err) =>
        toast.error(
          isApiError(err) && err.status === 0
            ? t('practice.offline.finish')
            : localise(errorMessage(err, t('practice.run.saveFailed'))),
        ),
    });
  };

  const audio = usePracticeAudio({
    question,
    index,
    total: attempt.questions.length,
    feedback: judged,
    locked: Boolean(judged),
    keysActive: !confirmFinish && !submit.isPending,
    onAnswer: (option) => answers.answer(question._id, option),
    onMove: setIndex,
    onFinish: () => setConfirmFinish(true),
  });

  useEffect(() => {
    hear.current = audio.hear;
  });

  useEffect(() => {
    document.getElementById('practice-run-heading')?.focus();
  }, [index]);

  return (
    <section aria-labelledby="practice-run-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="practice-run-heading" tabIndex={-1} className="text-xl font-bold text-slate-900">
          {attempt.kind === 'daily_five' ? t('practice.dailyFive.title') : attempt.title}
        </h1>
        {attempt.deadlineAt ? (
          <PracticeClock deadlineAt={attempt.deadlineAt} serverNow={attempt.serverNow} onTimeUp={finish} />
        ) : (
          <p className="text-sm text-slate-600">{t('practice.run.untimed')}</p>
        )}
      </div>
      <PracticeSyncNotice problem={answers.problem} unsentCount={answers.unsentCount} />
      <PracticeAudioPanel audio={audio} />
      <PracticeQuestion
        key={question._id}
        question={question}
        index={index}
        total={attempt.questions.length}
        selected={chosen}
        locked={Boolean(judged)}
        onAnswer={(option) => answers.answer(question._id, option)}
      />
      <div aria-live="polite">
        {judged ? (
          <PracticeFeedbackPanel feedback={judged} />
        ) : (
          attempt.instantFeedback &&
          chosen !== null &&
          answers.unsent(question._id) && (
            <p className="rounded-xl bg-slate-100 p-3 text-sm text-slate-800">{t('practice.offline.kept')}</p>
          )
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={index === 0} onClick={() => setIndex(index - 1)}>
          {t('practice.run.previous')}
        </Button>
        {index < attempt.questions.length - 1 ? (
          <Button variant="secondary" onClick={() => setIndex(index + 1)}>
            {t('practice.run.next')}
          </Button>
        ) : null}
        <Button onClick={() => setConfirmFinish(true)} loading={submit.isPending}>
          {t('practice.run.submit')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirmFinish}
        onOpenChange={setConfirmFinish}
        title={t('practice.finish.title')}
        message={t('practice.finish.text')}
        confirmLabel={t('practice.finish.confirm')}
        onConfirm={finish}
      />
    </section>
  );
}
