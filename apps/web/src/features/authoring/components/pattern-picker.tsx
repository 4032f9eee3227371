import { useState } from 'react';
import { toast } from 'sonner';
import {
  EXAM_PATTERNS,
  examPattern,
  patternQuestionCount,
  type ExamPatternTemplate,
} from '@quizcast/contract/domain/exam-patterns';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useLanguage, useT } from '../../../i18n/use-t';
import { authoringCatalog } from '../messages/catalog';
import { SelectField } from './form-fields';

/**
 * Exam-pattern templates (issue 26): choose one and apply it. When the draft already has sections
 * or more than one question, the admin confirms first (what the pattern replaces is listed).
 */
export function PatternPicker({
  questionCount,
  hasSections,
  onApply,
}: {
  questionCount: number;
  hasSections: boolean;
  onApply(pattern: ExamPatternTemplate): void;
}) {
  const t = useT(authoringCatalog);
  const language = useLanguage();
  const [chosen, setChosen] = useState('');
  const [confirming, setConfirming] = useState(false);
  const pattern = examPattern(chosen);
  const nameOf = (p: ExamPatternTemplate) => (language === 'hi' ? p.nameHi : p.name);

  const apply = () => {
    if (!pattern) return;
    setConfirming(false);
    onApply(pattern);
    toast.success(
      t('authoring.sections.patternApplied', { name: nameOf(pattern), count: pattern.sections.length }),
    );
  };

  const options = [
    { value: '', label: t('authoring.sections.patternChoose') },
    ...EXAM_PATTERNS.map((p) => ({
      value: p.id,
      label: t('authoring.sections.patternOption', {
        name: nameOf(p),
        sections: p.sections.length,
        questions: patternQuestionCount(p),
        minutes: p.duration,
      }),
    })),
  ];

  return (
    <div className="mt-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <SelectField
          className="min-w-0 flex-1"
          label={t('authoring.sections.pattern')}
          aria-describedby="pattern-hint"
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
          options={options}
        />
        <Button
          variant="secondary"
          disabled={!pattern}
          onClick={() => (hasSections || questionCount > 1 ? setConfirming(true) : apply())}
        >
          {t('authoring.sections.patternApply')}
        </Button>
      </div>
      <p id="pattern-hint" className="mt-1 text-xs text-slate-600">
        {t('authoring.sections.patternHint')}
      </p>
      {pattern && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t('authoring.sections.patternConfirmTitle', { name: nameOf(pattern) })}
          message={t('authoring.sections.patternConfirmMessage', { count: questionCount })}
          confirmLabel={t('authoring.sections.patternApply')}
          onConfirm={apply}
        />
      )}
    </div>
  );
}
