import { CheckCircle2, Circle, Lightbulb, XCircle } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { formatNumericAnswer } from '@quizcast/contract/domain/numeric-answer';
import type { QuizSummary, SummaryAnswer, SummaryQuestion } from '@quizcast/contract/schemas/result';
import { shownText, spokenText, withExplanation } from '@quizcast/contract/domain/question-text';
import { ListenControls } from '../../../components/listen/listen-controls';
import { QuestionLanguageSwitch } from '../../../components/question-text/language-switch';
import { RichText } from '../../../components/question-text/rich-text';
import { useQuestionLanguage } from '../../../hooks/use-question-language';
import { Badge } from '../../../components/ui/badge';
import { useQuestionReader, type QuestionReaderState } from '../../../hooks/use-question-reader';
import { formatPercent } from '../../../i18n/format';
import { useLanguage, useT } from '../../../i18n/use-t';
import { resultsCatalog } from '../messages/catalog';

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
  focusQuestionId = null,
}: {
  summary: QuizSummary;
  /** Composed by the app (e.g. "Add to my review"); features never import each other. */
  questionAction?: (questionId: string) => ReactNode;
  /** Issue 14: the share of participants who got each question right, by question id. */
  percentCorrect?: ReadonlyMap<string, number>;
  /**
   * A question to bring into view and focus on arrival (`?question=<id>`, e.g. from the review
   * page's "Needs a different approach" list): its review and explanation, not the top of the list.
   */
  focusQuestionId?: string | null;
}) {
  const focused = useRef<HTMLLIElement>(null);
  useEffect(() => {
    focused.current?.scrollIntoView({ block: 'start' });
    focused.current?.focus({ preventScroll: true });
  }, [focusQuestionId]);
  const readerFor = useReaderFor();
  const t = useT(resultsCatalog);
  const language = useLanguage();
  const questionLanguage = useQuestionLanguage();
  const answers = new Map(summary.quizzSummary.answers.map((a) => [a.qnId, a]));
  const item = (question: SummaryQuestion, index: number, level: 3 | 4) => (
    <ReviewItem
      key={question._id}
      question={question}
      number={index + 1}
      level={level}
      answer={answers.get(question._id)}
      reader={readerFor(question)}
      questionLanguage={questionLanguage}
      questionAction={questionAction}
      percentCorrect={percentCorrect}
      focusRef={question._id === focusQuestionId ? focused : null}
    />
  );
  const questions = summary.quizDetails.questions.map((question, index) => ({ question, index }));
  const sections = summary.sections;
  // Issue 26: a sectional quiz's questions under a heading per section, in order; numbering runs on.
  if (sections?.length) {
    return (
      <div className="space-y-6">
        {sections.map((s, i) => {
          const mine = questions.filter(({ question }) => question.section === i);
          const headingId = `review-section-${i}`;
          return (
            <section key={i} aria-labelledby={headingId}>
              <h3 id={headingId} className="text-lg font-bold text-slate-900">
                {t('results.review.section', {
                  number: i + 1,
                  name: language === 'hi' ? s.nameHi : s.name,
                })}
              </h3>
              <p className="text-sm text-slate-700">{t('results.questionCount', { count: mine.length })}</p>
              <ol className="mt-3 space-y-4">
                {mine.map(({ question, index }) => item(question, index, 4))}
              </ol>
            </section>
          );
        })}
      </div>
    );
  }
  return <ol className="space-y-4">{questions.map(({ question, index }) => item(question, index, 3))}</ol>;
}

/** One reviewed question: its text, choices with the key and the learner's pick, verdict, explanation. */
function ReviewItem({
  question,
  number,
  level,
  answer,
  reader,
  questionLanguage,
  questionAction,
  percentCorrect,
  focusRef,
}: {
  question: SummaryQuestion;
  number: number;
  /** 4 under a section's heading, else 3. */
  level: 3 | 4;
  answer: SummaryAnswer | undefined;
  reader: QuestionReaderState;
  /** The screen's one language state: a switch becomes the default for the questions that follow. */
  questionLanguage: ReturnType<typeof useQuestionLanguage>;
  questionAction?: (questionId: string) => ReactNode;
  percentCorrect?: ReadonlyMap<string, number>;
  focusRef: RefObject<HTMLLIElement | null> | null;
}) {
  const t = useT(resultsCatalog);
  const language = useLanguage();
  const Heading = level === 3 ? 'h3' : 'h4';
  const selected = answer?.selectedOption ?? null;
  const isCorrect = answer?.isCorrect ?? false;
  const numeric = question.type === 'numeric';
  // Bilingual questions show in the learner's language (issue 12); answers stay the own choice texts.
  const shown = withExplanation(shownText(question, questionLanguage.langOf(question._id)), question);
  const display = (i: number) => (
    <RichText text={shown.choices[i] ?? question.choices[i] ?? ''} math={shown.math?.choices[i]} />
  );
  const selectedIndex = selected === null || numeric ? -1 : question.choices.indexOf(selected);
  // Issue 12: a numeric question's answer is a number, with its tolerance when there is one.
  const correctAnswer = numeric
    ? formatNumericAnswer(question.numericAnswer ?? '', question.tolerance)
    : display(question.ansIndex);
  const headingId = `question-${question._id}`;
  const listenable = {
    ...spokenText(shown),
    lang: shown.lang,
    audioUrl: shown.lang === (question.lang ?? 'en') ? question.audioUrl : null,
  };
  return (
    <li
      key={question._id}
      aria-labelledby={headingId}
      {...(focusRef && {
        ref: focusRef,
        tabIndex: -1,
        'data-focused-question': true,
      })}
      className={`rounded-2xl border border-slate-200 bg-white p-5 shadow-sm ${
        focusRef ? 'ring-4 ring-brand-300' : ''
      }`}
    >
      <div className="flex items-start justify-between gap-3">
        <Heading id={headingId} className="text-sm font-semibold text-slate-600">
          {t('results.review.question', { number })}
        </Heading>
        {isCorrect ? (
          <Badge tone="green">
            <CheckCircle2 className="size-3.5" aria-hidden="true" /> {t('results.review.correct')}
          </Badge>
        ) : (
          <Badge tone="red">
            <XCircle className="size-3.5" aria-hidden="true" /> {t('results.review.incorrect')}
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
          {t('results.review.percentCorrect', {
            percent: formatPercent(percentCorrect.get(question._id)!, language),
          })}
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
                <CheckCircle2
                  className="size-5 text-emerald-600"
                  aria-label={t('results.review.correctChoice')}
                />
              ) : isSelected ? (
                <XCircle className="size-5 text-red-600" aria-label={t('results.review.yourChoice')} />
              ) : (
                <Circle className="size-5 text-slate-500" aria-hidden="true" />
              )}
              {isSelected && (
                <span className="rounded-full bg-white px-2 py-0.5 text-sm font-semibold ring-1 ring-current/30">
                  {t('results.review.selected')}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {(!isCorrect || numeric) && (
        <dl className="mt-4 grid gap-2 rounded-xl bg-slate-50 p-4 text-sm sm:grid-cols-2">
          <div>
            <dt className={`font-semibold ${isCorrect ? 'text-emerald-800' : 'text-red-800'}`}>
              {t('results.review.yourAnswer')}
            </dt>
            <dd
              className="text-slate-900"
              data-your-answer
              lang={selectedIndex >= 0 ? shown.lang : undefined}
            >
              {selectedIndex >= 0 ? display(selectedIndex) : (selected ?? t('results.review.notAnswered'))}
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-emerald-800">{t('results.review.correctAnswer')}</dt>
            <dd className="text-slate-900" data-correct-answer lang={numeric ? undefined : shown.lang}>
              {correctAnswer}
            </dd>
          </div>
        </dl>
      )}
      {shown.explanation && (
        <div className="mt-4 flex gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-950">
          <Lightbulb className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
          <div>
            <p className="font-semibold">{t('results.review.explanation')}</p>
            <p className="mt-1 whitespace-pre-line" lang={shown.explanationLang}>
              <RichText text={shown.explanation} math={shown.math?.explanation} />
            </p>
          </div>
        </div>
      )}
    </li>
  );
}
