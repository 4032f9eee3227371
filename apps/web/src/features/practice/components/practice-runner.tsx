import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { PracticeAttempt, PracticeFeedback } from '@quizcast/contract/schemas/practice';
import { Button } from '../../../components/ui/button';
import { useLanguage, useT } from '../../../i18n/use-t';
import { savePracticeAnswers, useSubmitPractice } from '../api/practice';
import { useFeedbackSpeech } from '../hooks/use-feedback-speech';
import { practiceCatalog } from '../messages/catalog';
import { PracticeClock } from './practice-clock';
import { PracticeFeedbackPanel, useFeedbackText } from './practice-feedback-panel';
import { PracticeQuestion } from './practice-question';

/** A running practice: one question at a time, saved as answered, judged at once when chosen. */
export function PracticeRunner({ attempt }: { attempt: PracticeAttempt }) {
  const t = useT(practiceCatalog);
  const language = useLanguage();
  const [index, setIndex] = useState(0);
  const [chosen, setChosen] = useState(
    () => new Map(attempt.savedAnswers.map((a) => [a.qnId, a.selectedOption ?? null])),
  );
  const [feedback, setFeedback] = useState(() => new Map(attempt.feedback.map((f) => [f.qnId, f])));
  const [readAloud, setReadAloud] = useState(false);
  const seq = useRef(Math.max(0, ...attempt.savedAnswers.map((a) => a.seq ?? 0)));
  const speak = useFeedbackSpeech();
  const words = useFeedbackText();
  const submit = useSubmitPractice(attempt._id);
  const question = attempt.questions[index]!;
  const judged = feedback.get(question._id);

  const answers = () => [...chosen].map(([qnId, selectedOption]) => ({ qnId, selectedOption }));
  const finish = () => submit.mutate(answers(), { onError: () => toast.error(t('practice.run.saveFailed')) });

  const say = (f: PracticeFeedback) => {
    const text = words(f);
    speak([text.verdict, text.explanation].filter(Boolean).join('. '), language === 'hi' ? 'hi' : 'en');
  };

  const answer = async (option: string) => {
    setChosen((now) => new Map(now).set(question._id, option));
    seq.current += 1;
    try {
      const saved = await savePracticeAnswers(attempt._id, [
        { qnId: question._id, selectedOption: option, seq: seq.current },
      ]);
      const mine = saved.feedback.find((f) => f.qnId === question._id);
      if (mine) {
        setFeedback((now) => new Map(now).set(mine.qnId, mine));
        if (readAloud) say(mine);
      }
    } catch {
      toast.error(t('practice.run.saveFailed'));
    }
  };

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
      {attempt.instantFeedback && (
        <label className="flex min-h-11 items-center gap-3 text-base text-slate-900">
          <input
            type="checkbox"
            className="size-6 accent-brand-700"
            checked={readAloud}
            onChange={(e) => setReadAloud(e.target.checked)}
          />
          {t('practice.run.readAloud')}
        </label>
      )}
      <PracticeQuestion
        key={question._id}
        question={question}
        index={index}
        total={attempt.questions.length}
        selected={chosen.get(question._id) ?? null}
        locked={Boolean(judged)}
        onAnswer={(option) => void answer(option)}
      />
      <div aria-live="polite">{judged && <PracticeFeedbackPanel feedback={judged} />}</div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={index === 0} onClick={() => setIndex(index - 1)}>
          {t('practice.run.previous')}
        </Button>
        {index < attempt.questions.length - 1 ? (
          <Button variant="secondary" onClick={() => setIndex(index + 1)}>
            {t('practice.run.next')}
          </Button>
        ) : null}
        <Button onClick={finish} loading={submit.isPending}>
          {t('practice.run.submit')}
        </Button>
      </div>
    </section>
  );
}
