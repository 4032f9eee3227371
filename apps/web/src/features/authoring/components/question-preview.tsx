import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Dialog } from '../../../components/ui/dialog';
import { useT } from '../../../i18n/use-t';
import type { DraftQuestion } from '../lib/quiz-draft';
import { authoringCatalog } from '../messages/catalog';

/**
 * A question laid out the way the attempt screen shows it to a participant: its number, the
 * Answered / Not Answered label, the text with its line breaks and the choices to pick from.
 * Nothing here reveals the correct answer (a participant never sees it during the attempt).
 */
export function QuestionPreview({
  question,
  number,
  total,
  quizName,
}: {
  question: DraftQuestion;
  number: number;
  total: number;
  quizName: string;
}) {
  const [selected, setSelected] = useState<number | null>(null);
  const t = useT(authoringCatalog);
  const name = `preview-${question.key}`;
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" lang={question.lang}>
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {quizName || t('authoring.preview.quiz')}
      </p>
      <div className="mt-2 flex items-center justify-between gap-2">
        <p className="text-sm font-semibold text-slate-700">
          {t('authoring.preview.position', { number, total })}
        </p>
        {selected === null ? (
          <Badge tone="slate">{t('authoring.preview.notAnswered')}</Badge>
        ) : (
          <Badge tone="green">{t('authoring.preview.answered')}</Badge>
        )}
      </div>
      {question.topic.trim() && (
        <p className="mt-1 text-sm text-slate-700">
          {t('authoring.preview.topic', { topic: question.topic.trim() })}
        </p>
      )}
      {question.audioUrl && (
        <audio
          controls
          preload="none"
          src={question.audioUrl}
          className="mt-3 w-full"
          aria-label={t('authoring.preview.recording', { number })}
        />
      )}
      <fieldset className="mt-3">
        <legend className="text-lg font-semibold whitespace-pre-line text-slate-900">
          {question.qn || t('authoring.preview.questionText')}
        </legend>
        {question.type === 'numeric' && (
          <input
            aria-label={t('authoring.preview.numberAnswer')}
            inputMode="decimal"
            className="mt-4 block min-h-11 w-full rounded-xl border border-slate-500 px-3.5 py-2.5 text-base"
          />
        )}
        <div className="mt-4 space-y-2">
          {(question.type === 'numeric' ? [] : question.choices).map((choice, i) => (
            <label
              key={i}
              className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 text-base ${
                selected === i ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white'
              }`}
            >
              <input
                type="radio"
                name={name}
                checked={selected === i}
                onChange={() => setSelected(i)}
                className="size-5 accent-brand-700"
              />
              <span className="whitespace-pre-line">
                {choice || t('authoring.preview.choice', { letter: String.fromCharCode(65 + i) })}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

export function QuestionPreviewDialog({
  open,
  onOpenChange,
  ...props
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  question: DraftQuestion;
  number: number;
  total: number;
  quizName: string;
}) {
  const t = useT(authoringCatalog);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('authoring.preview.title')}
      description={t('authoring.preview.description')}
    >
      <QuestionPreview {...props} />
    </Dialog>
  );
}
