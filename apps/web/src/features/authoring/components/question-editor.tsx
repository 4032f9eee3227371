import { ArrowDown, ArrowUp, Eye, Plus, Trash2, X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import {
  CHOICE_LETTERS,
  CHOICES_MAX,
  CHOICES_MIN,
  TOPIC_MAX,
} from '@quizcast/contract/schemas/question-rules';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useServerMessage, useT } from '../../../i18n/use-t';
import type { DraftQuestion } from '../lib/quiz-draft';
import { authoringCatalog } from '../messages/catalog';
import { SelectField, TextAreaField } from './form-fields';
import { QuestionPreviewDialog } from './question-preview';

const LANG_OPTIONS = [
  { value: 'en', label: 'English' },
  { value: 'hi', label: 'हिन्दी (Hindi)' },
] as const;

const TYPES = ['mcq', 'numeric'] as const;

const iconButton =
  'grid size-11 place-items-center rounded-xl text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40';

/** The slot for a question's recording: the Recordings feature, given by the route (features never import each other). */
export type RenderRecording = (question: {
  /** The saved quiz; recordings can be attached only to saved questions. */
  quizId?: string;
  questionId?: string;
  number: number;
  audioUrl?: string | null;
  onChange(audioUrl: string | null): void;
}) => ReactNode;

/** One question in the editor: text, 2–6 choices with the correct one marked, explanation, language. */
export function QuestionEditor({
  quizId,
  question,
  index,
  total,
  quizName,
  problems,
  locked,
  onChange,
  onMove,
  onRemove,
  renderRecording,
  sectionField,
}: {
  /** The saved quiz (edit page); recordings can be attached only to saved questions. */
  quizId?: string;
  question: DraftQuestion;
  index: number;
  total: number;
  quizName: string;
  problems?: string[];
  /** Participants have started: only the wording and explanation may change. */
  locked: boolean;
  onChange(next: DraftQuestion): void;
  onMove(delta: -1 | 1): void;
  onRemove(): void;
  renderRecording?: RenderRecording;
  /** Issue 26: the question's section picker, when the quiz has sections (given by the editor). */
  sectionField?: ReactNode;
}) {
  const number = index + 1;
  const t = useT(authoringCatalog);
  const m = useServerMessage();
  const typeOptions = TYPES.map((value) => ({ value, label: t(`authoring.question.type.${value}`) }));
  const [previewOpen, setPreviewOpen] = useState(false);
  const groupId = useId();
  const update = (patch: Partial<DraftQuestion>) => onChange({ ...question, ...patch });

  const setChoice = (i: number, text: string) =>
    update({ choices: question.choices.map((c, j) => (j === i ? text : c)) });
  const hindiChoices = question.choices.map((_, i) => question.choicesHi[i] ?? '');
  const setHindiChoice = (i: number, text: string) =>
    update({ choicesHi: hindiChoices.map((c, j) => (j === i ? text : c)) });
  const removeChoice = (i: number) => {
    const choices = question.choices.filter((_, j) => j !== i);
    const choicesHi = hindiChoices.filter((_, j) => j !== i);
    const ansIndex =
      question.ansIndex === i ? 0 : question.ansIndex > i ? question.ansIndex - 1 : question.ansIndex;
    update({ choices, choicesHi, ansIndex });
  };

  return (
    <fieldset
      className={`rounded-2xl border bg-white p-4 shadow-sm ${problems?.length ? 'border-red-300' : 'border-slate-200'}`}
      aria-describedby={problems?.length ? `${groupId}-problems` : undefined}
    >
      <legend className="sr-only">{t('authoring.question.legend', { number })}</legend>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-bold text-slate-900" aria-hidden="true">
          {t('authoring.question.legend', { number })}
        </h3>
        <div className="flex gap-1.5">
          <button
            type="button"
            className={iconButton}
            onClick={() => onMove(-1)}
            disabled={locked || index === 0}
            aria-label={t('authoring.question.moveUp', { number })}
          >
            <ArrowUp className="size-4" aria-hidden="true" />
          </button>
          <button
            type="button"
            className={iconButton}
            onClick={() => onMove(1)}
            disabled={locked || index === total - 1}
            aria-label={t('authoring.question.moveDown', { number })}
          >
            <ArrowDown className="size-4" aria-hidden="true" />
          </button>
          <button
            type="button"
            className={iconButton}
            onClick={() => setPreviewOpen(true)}
            aria-label={t('authoring.question.preview', { number })}
          >
            <Eye className="size-4" aria-hidden="true" />
          </button>
          <button
            type="button"
            className={`${iconButton} text-red-700`}
            onClick={onRemove}
            disabled={locked || total <= 1}
            aria-label={t('authoring.question.remove', { number })}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        </div>
      </div>

      {problems && problems.length > 0 && (
        <ul id={`${groupId}-problems`} className="mt-2 list-disc pl-5 text-sm text-red-700">
          {problems.map((p) => (
            <li key={p}>{m(p)}</li>
          ))}
        </ul>
      )}

      {sectionField}

      <TextAreaField
        className="mt-3"
        label={t('authoring.question.text', { number })}
        rows={3}
        value={question.qn}
        onChange={(e) => update({ qn: e.target.value })}
        hint={t('authoring.question.textHint')}
      />

      <SelectField
        className="mt-4"
        label={t('authoring.question.type', { number })}
        value={question.type}
        disabled={locked}
        onChange={(e) => update({ type: e.target.value as DraftQuestion['type'] })}
        options={typeOptions}
      />

      {question.type === 'numeric' ? (
        <div className="mt-4 grid gap-3 sm:grid-cols-2">
          <TextField
            label={t('authoring.question.answer', { number })}
            inputMode="decimal"
            autoComplete="off"
            value={question.numericAnswer}
            disabled={locked}
            onChange={(e) => update({ numericAnswer: e.target.value })}
            error={m(problems?.find((p) => p.includes(': the answer')))}
            hint={t('authoring.question.answerHint')}
          />
          <TextField
            label={t('authoring.question.tolerance', { number })}
            inputMode="decimal"
            autoComplete="off"
            value={question.tolerance}
            disabled={locked}
            onChange={(e) => update({ tolerance: e.target.value })}
            error={m(problems?.find((p) => p.includes(': the tolerance')))}
            hint={t('authoring.question.toleranceHint')}
          />
        </div>
      ) : (
        <div className="mt-4" role="group" aria-label={t('authoring.question.choices', { number })}>
          <p className="text-sm font-medium text-slate-800">{t('authoring.question.choicesLabel')}</p>
          <ol className="mt-2 space-y-2">
            {question.choices.map((choice, i) => {
              const letter = CHOICE_LETTERS[i] ?? String(i + 1);
              const inputId = `${groupId}-choice-${i}`;
              return (
                <li key={i} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={`${groupId}-answer`}
                    checked={question.ansIndex === i}
                    onChange={() => update({ ansIndex: i })}
                    disabled={locked}
                    className="size-6 shrink-0 accent-emerald-600"
                    aria-label={t('authoring.question.isCorrect', { number, letter })}
                  />
                  <span className="w-5 shrink-0 text-sm font-bold text-slate-700" aria-hidden="true">
                    {letter}
                  </span>
                  <input
                    id={inputId}
                    aria-label={t('authoring.question.choice', { number, letter })}
                    value={choice}
                    onChange={(e) => setChoice(i, e.target.value)}
                    disabled={locked}
                    className={`block min-h-11 w-full min-w-0 rounded-xl border px-3 py-2 text-base disabled:bg-slate-100 ${
                      question.ansIndex === i
                        ? 'border-emerald-600 bg-emerald-50'
                        : 'border-slate-500 bg-white'
                    }`}
                  />
                  <button
                    type="button"
                    className="grid size-11 shrink-0 place-items-center rounded-xl text-slate-600 hover:bg-slate-100 disabled:opacity-30"
                    onClick={() => removeChoice(i)}
                    disabled={locked || question.choices.length <= CHOICES_MIN}
                    aria-label={t('authoring.question.removeChoice', { number, letter })}
                  >
                    <X className="size-4" aria-hidden="true" />
                  </button>
                </li>
              );
            })}
          </ol>
          {!locked && question.choices.length < CHOICES_MAX && (
            <Button
              variant="ghost"
              className="mt-2"
              onClick={() => update({ choices: [...question.choices, ''], choicesHi: [...hindiChoices, ''] })}
            >
              <Plus className="size-4" aria-hidden="true" />
              {t('authoring.question.addChoice')}
            </Button>
          )}
        </div>
      )}

      <div className="mt-4 grid gap-3 sm:grid-cols-[1fr_12rem]">
        <TextAreaField
          label={t('authoring.question.explanation', { number })}
          rows={2}
          value={question.explanation}
          onChange={(e) => update({ explanation: e.target.value })}
          hint={t('authoring.question.explanationHint')}
        />
        <SelectField
          label={t('authoring.question.language', { number })}
          value={question.lang}
          onChange={(e) => update({ lang: e.target.value as DraftQuestion['lang'] })}
          options={LANG_OPTIONS}
        />
      </div>

      {question.lang === 'en' && (
        <details
          className="mt-4 rounded-xl border border-slate-200 p-3"
          open={Boolean(question.qnHi || question.explanationHi || hindiChoices.some(Boolean))}
        >
          <summary className="min-h-11 cursor-pointer content-center text-sm font-semibold text-slate-800">
            {t('authoring.question.hindiVersion')}
          </summary>
          <p className="mt-1 text-sm text-slate-600">{t('authoring.question.hindiExplain')}</p>
          <TextAreaField
            className="mt-3"
            lang="hi"
            label={t('authoring.question.textHi', { number })}
            rows={3}
            value={question.qnHi}
            onChange={(e) => update({ qnHi: e.target.value })}
          />
          <ol className="mt-3 space-y-2">
            {hindiChoices.map((choice, i) => {
              const letter = CHOICE_LETTERS[i] ?? String(i + 1);
              return (
                <li key={i}>
                  <TextField
                    lang="hi"
                    label={t('authoring.question.choiceHi', { number, letter })}
                    value={choice}
                    onChange={(e) => setHindiChoice(i, e.target.value)}
                  />
                </li>
              );
            })}
          </ol>
          <TextAreaField
            className="mt-3"
            lang="hi"
            label={t('authoring.question.explanationHi', { number })}
            rows={2}
            value={question.explanationHi}
            onChange={(e) => update({ explanationHi: e.target.value })}
          />
        </details>
      )}

      <TextField
        className="mt-4"
        label={t('authoring.question.topic', { number })}
        value={question.topic}
        maxLength={TOPIC_MAX}
        onChange={(e) => update({ topic: e.target.value })}
        hint={t('authoring.question.topicHint', { max: TOPIC_MAX })}
      />

      <div className="mt-4">
        {renderRecording?.({
          quizId,
          questionId: question._id,
          number,
          audioUrl: question.audioUrl,
          onChange: (audioUrl) => update({ audioUrl }),
        })}
      </div>

      <QuestionPreviewDialog
        open={previewOpen}
        onOpenChange={setPreviewOpen}
        question={question}
        number={number}
        total={total}
        quizName={quizName}
      />
    </fieldset>
  );
}
