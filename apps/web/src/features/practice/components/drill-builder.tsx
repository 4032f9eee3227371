import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { EXAM_FAMILIES, type ExamFamily } from '@quizcast/contract/constants';
import { DRILL_COUNTS, DRILL_DIFFICULTIES, type DrillDifficulty } from '@quizcast/contract/domain/practice';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import type { PracticeMode } from '@quizcast/contract/schemas/practice';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { errorMessage } from '../../../lib/api-client';
import { examLabel } from '../../../i18n/exam-family';
import { commonCatalog } from '../../../i18n/messages/catalog';
import { useServerMessage, useT } from '../../../i18n/use-t';
import { practiceAttemptQueryOptions, usePracticeTopics, useStartDrill } from '../api/practice';
import { practiceCatalog } from '../messages/catalog';

const radio =
  'flex min-h-11 items-center gap-2 rounded-xl px-3 ring-1 ring-slate-300 has-[:checked]:bg-brand-100';

/** A topic drill: exam, topics, difficulty and count; drawn by the server from the published bank. */
export function DrillBuilder({ mode }: { mode: PracticeMode }) {
  const t = useT(practiceCatalog);
  const tc = useT(commonCatalog);
  const localise = useServerMessage();
  const [exam, setExam] = useState<ExamFamily>(EXAM_FAMILIES[0]);
  const [topics, setTopics] = useState<string[]>([]);
  const [difficulty, setDifficulty] = useState<DrillDifficulty>('medium');
  const [count, setCount] = useState<(typeof DRILL_COUNTS)[number]>(10);
  const available = usePracticeTopics(exam);
  const start = useStartDrill();
  const navigate = useNavigate();
  const client = useQueryClient();
  const toggle = (topic: string) =>
    setTopics((now) => (now.includes(topic) ? now.filter((x) => x !== topic) : [...now, topic]));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!topics.length) {
      toast.error(t('practice.drill.pickTopic'));
      return;
    }
    start.mutate(
      { ...mode, exam, topics, difficulty, count },
      {
        onSuccess: (attempt) => {
          client.setQueryData(practiceAttemptQueryOptions(attempt._id).queryKey, attempt);
          void navigate(`${WEB_ROUTES.practiceAttempt}/${attempt._id}`);
        },
        onError: (err) => toast.error(localise(errorMessage(err, t('practice.startFailed')))),
      },
    );
  };

  const list = available.data?.topics ?? [];
  return (
    <section
      aria-labelledby="drill-heading"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="drill-heading" className="text-lg font-bold text-slate-900">
        {t('practice.drill.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('practice.drill.text')}</p>
      <form className="mt-3 space-y-4" onSubmit={submit} noValidate>
        <SelectField
          label={t('practice.exam')}
          options={EXAM_FAMILIES}
          optionLabel={(e) => examLabel(e, tc)}
          value={exam}
          onChange={(e) => {
            setExam(e.target.value as ExamFamily);
            setTopics([]);
          }}
        />
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-800">{t('practice.drill.topics')}</legend>
          {list.length === 0 ? (
            <p className="text-sm text-slate-600">{t('practice.drill.noTopics')}</p>
          ) : (
            <div className="flex flex-wrap gap-2">
              {list.map((item) => (
                <label key={item.topic} className={radio}>
                  <input
                    type="checkbox"
                    className="size-5 accent-brand-700"
                    checked={topics.includes(item.topic)}
                    onChange={() => toggle(item.topic)}
                  />
                  {t('practice.drill.topicOption', { topic: item.topic, count: item.questions })}
                </label>
              ))}
            </div>
          )}
        </fieldset>
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-800">
            {t('practice.drill.difficulty')}
          </legend>
          <div className="flex flex-wrap gap-2">
            {DRILL_DIFFICULTIES.map((d) => (
              <label key={d} className={radio}>
                <input
                  type="radio"
                  name="drill-difficulty"
                  className="size-5 accent-brand-700"
                  checked={difficulty === d}
                  onChange={() => setDifficulty(d)}
                />
                {t(`practice.drill.${d}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-800">{t('practice.drill.count')}</legend>
          <div className="flex flex-wrap gap-2">
            {DRILL_COUNTS.map((n) => (
              <label key={n} className={radio}>
                <input
                  type="radio"
                  name="drill-count"
                  className="size-5 accent-brand-700"
                  checked={count === n}
                  onChange={() => setCount(n)}
                />
                {String(n)}
              </label>
            ))}
          </div>
        </fieldset>
        <Button type="submit" loading={start.isPending}>
          {t('practice.drill.start')}
        </Button>
      </form>
    </section>
  );
}
