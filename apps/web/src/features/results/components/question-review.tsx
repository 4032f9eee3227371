import { CheckCircle2, Circle, Lightbulb, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { QuizSummary, SummaryQuestion } from '@quizcast/contract/schemas/result';
import { shownText, spokenText, withExplanation } from '@quizcast/contract/domain/question-text';
import { ListenControls } from '../../../components/listen/listen-controls';
import { QuestionLanguageSwitch } from '../../../components/question-text/language-switch';
import { RichText } from '../../../components/question-text/rich-text';
import { useQuestionLanguage } from '../../../hooks/use-question-language';
import { Badge } from '../../../components/ui/badge';
import { useQuestionReader, type QuestionReaderState } from '../../../hooks/use-question-reader';

/**
 * One reader serves the whole list: the question being read gets the live reader, every other
 * question a silent view of it whose Listen starts that question instead.
 */
function useReaderFor() {
  const reader = useQuestionReader();
  const [readingId, setReadingId] = useState<string | null>(null);
  return (question: SummaryQuestion): QuestionReaderState => {
    const active = reader.reading && readingId === question._id;
    return {
      ...reader,
      reading: active,
      paused: active && reader.paused,
      part: active ? reader.part : null,
      read: (target, onEnd) => {
        setReadingId(question._id);
        reader.read(target, () => {
          setReadingId((current) => (current === question._id ? null : current));
          onEnd?.();
        });
      },
    };
  };
}

const LETTERS = 'ABCDEF';

/** Questions tab: each question with its choices, the correct one and the user's marked, and the verdict. */
export function QuestionReview({
  summary,
  questionAction,
  percentCorrect,
}: {
  summary: QuizSummary;
  /** Composed by the app (e.g. "Add to my review"); features never import each other. */
  questionAction?: (questionId: string) => ReactNode;
  /** Issue 14: the share of participants who got each question right, by question id. */
  percentCorrect?: ReadonlyMap<string, number>;
}) {
  const readerFor = useReaderFor();
  const questionLanguage = useQuestionLanguage();
  const answers = new Map(summary.quizzSummary.answers.map((a) => [a.qnId, a]));
  return (
    <ol className="space-y-4">
      {summary.quizDetails.questions.map((question, index) => {
        const answer = answers.get(question._id);
        const selected = answer?.selectedOption ?? null;
        const isCorrect = answer?.isCorrect ?? false;
        // Bilingual questions show in the learner's language (issue 12); answers stay the own choice texts.
        const shown = withExplanation(shownText(question, questionLanguage.langOf(question._id)), question);
        const display = (i: number) => (
          <RichText text={shown.choices[i] ?? question.choices[i] ?? ''} math={shown.math?.choices[i]} />
        );
        const selectedIndex = selected === null ? -1 : question.choices.indexOf(selected);
        const headingId = `question-${question._id}`;
        const reader = readerFor(question);
        const listenable = {
          ...spokenText(shown),
          lang: shown.lang,
          audioUrl: shown.lang === (question.lang ?? 'en') ? question.audioUrl : null,
        };
        return (
          <li
            key={question._id}
            aria-labelledby={headingId}
            className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <div className="flex items-start justify-between gap-3">
              <h3 id={headingId} className="text-sm font-semibold text-slate-600">
                Question {index + 1}
              </h3>
              {isCorrect ? (
                <Badge tone="green">
                  <CheckCircle2 className="size-3.5" aria-hidden="true" /> Correct
                </Badge>
              ) : (
                <Badge tone="red">
                  <XCircle className="size-3.5" aria-hidden="true" /> Incorrect
                </Badge>
              )}
            </div>
            {question.hi && (
              <QuestionLanguageSwitch
                className="mt-2"
                value={shown.lang}
                onChange={(lang) => {
                  reader.stop();
                  questionLanguage.setLang(question._id, lang);
                }}
              />
            )}
            <p
              lang={shown.lang}
              data-reading={reader.part === 'question' || undefined}
              className={`mt-2 rounded-lg text-base font-medium whitespace-pre-line text-slate-900 ${
                reader.part === 'question' ? 'bg-amber-100' : ''
              }`}
            >
              <RichText text={shown.qn} math={shown.math?.qn} />
            </p>
            {percentCorrect?.has(question._id) && (
              <p className="mt-1 text-sm text-slate-700">
                {percentCorrect.get(question._id)}% of participants got this right
              </p>
            )}
            <div className="mt-3">
              <ListenControls question={listenable} reader={reader} />
            </div>
            {questionAction && <div className="mt-3">{questionAction(question._id)}</div>}
            <ul className="mt-4 space-y-2">
              {question.choices.map((choice, i) => {
                const isAnswer = i === question.ansIndex;
                const isSelected = selected === choice;
                const tone = isAnswer
                  ? 'border-emerald-400 bg-emerald-50 text-emerald-950'
                  : isSelected
                    ? 'border-red-400 bg-red-50 text-red-950'
                    : 'border-slate-200 bg-white text-slate-800';
                return (
                  <li
                    key={`${i}-${choice}`}
                    lang={shown.lang}
                    data-correct={isAnswer || undefined}
                    data-selected={isSelected || undefined}
                    data-reading={reader.part === i || undefined}
                    className={`flex items-center gap-3 rounded-xl border-2 px-4 py-3 text-sm ${tone} ${
                      reader.part === i ? 'ring-4 ring-amber-300' : ''
                    }`}
                  >
                    <span className="grid size-7 shrink-0 place-items-center rounded-full bg-white/80 text-sm font-bold ring-1 ring-current/20">
                      {LETTERS[i] ?? i + 1}
                    </span>
                    <span className="flex-1">{display(i)}</span>
                    {isAnswer ? (
                      <CheckCircle2 className="size-5 text-emerald-600" aria-label="Correct choice" />
                    ) : isSelected ? (
                      <XCircle className="size-5 text-red-600" aria-label="Your choice" />
                    ) : (
                      <Circle className="size-5 text-slate-500" aria-hidden="true" />
                    )}
                    {isSelected && (
                      <span className="rounded-full bg-white px-2 py-0.5 text-sm font-semibold ring-1 ring-current/30">
                        Selected
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
            {!isCorrect && (
              <dl className="mt-4 grid gap-2 rounded-xl bg-slate-50 p-4 text-sm sm:grid-cols-2">
                <div>
                  <dt className="font-semibold text-red-800">Your answer</dt>
                  <dd className="text-slate-900" lang={selectedIndex >= 0 ? shown.lang : undefined}>
                    {selectedIndex >= 0 ? display(selectedIndex) : (selected ?? 'Not answered')}
                  </dd>
                </div>
                <div>
                  <dt className="font-semibold text-emerald-800">Correct answer</dt>
                  <dd className="text-slate-900" lang={shown.lang}>
                    {display(question.ansIndex)}
                  </dd>
                </div>
              </dl>
            )}
            {shown.explanation && (
              <div className="mt-4 flex gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-950">
                <Lightbulb className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
                <div>
                  <p className="font-semibold">Explanation</p>
                  <p className="mt-1 whitespace-pre-line" lang={shown.explanationLang}>
                    <RichText text={shown.explanation} math={shown.math?.explanation} />
                  </p>
                </div>
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
