import { useState } from 'react';
import type { PracticeMode } from '@quizcast/contract/schemas/practice';
import { useT } from '../../../i18n/use-t';
import { practiceCatalog } from '../messages/catalog';
import { DrillBuilder } from './drill-builder';
import { PracticeModeFields } from './practice-mode-fields';
import { PracticeQuizList } from './practice-quiz-list';

/** /practice: how to practise, the published quizzes with filters, and the topic drill builder. */
export function PracticePage() {
  const t = useT(practiceCatalog);
  const [mode, setMode] = useState<PracticeMode>({ timed: false, instantFeedback: true });
  return (
    <section aria-labelledby="practice-heading" className="space-y-4">
      <h1 id="practice-heading" className="text-2xl font-bold text-slate-900">
        {t('practice.title')}
      </h1>
      <p className="text-slate-700">{t('practice.intro')}</p>
      <PracticeModeFields mode={mode} onChange={setMode} />
      <PracticeQuizList mode={mode} />
      <DrillBuilder mode={mode} />
    </section>
  );
}
