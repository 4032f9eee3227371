import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { suggestRating } from '@quizcast/contract/domain/review';
import type { ReviewCard } from '@quizcast/contract/schemas/review';
import {
  shownText,
  spokenText,
  withExplanation,
  type TextLang,
} from '@quizcast/contract/domain/question-text';
import { QuestionLanguageSwitch } from '../../../components/question-text/language-switch';
import { RichText } from '../../../components/question-text/rich-text';
import { defaultQuestionLanguage, rememberQuestionLanguage } from '../../../lib/question-language';
import { useLanguage, useT } from '../../../i18n/use-t';
import { formatInterval } from '../lib/interval';
import { reviewCatalog } from '../messages/catalog';
import { Button } from '../../../components/ui/button';
import { HindiVoiceNotice } from '../../../components/listen/hindi-voice-notice';
import { useSpeechVoices } from '../../../hooks/use-speech-voices';
import {
  QuestionReader,
  browserSpeechEnvironment,
  lacksHindiVoice,
  optionLetter,
  readListenSettings,
  type ReadingPart,
} from '../../../lib/speech';
import {
  answerGiven,
  answerText,
  currentCard,
  initialSession,
  isCorrect,
  letterOf,
  sessionReducer,
  type Grade,
  suggestedRating,
} from '../lib/session';
import { useReviewKeys } from '../hooks/use-review-keys';
import { NumericReviewInput } from './numeric-review-input';
import { ReviewChoices } from './review-choices';
import { ReviewOutcome } from './review-outcome';

/**
 * One card at a time: the question (line breaks kept, in its language), the choices shuffled with
 * "All/None of the above" last, pick (A–F), reveal (Enter), grade (1–4; the suggestion is marked).
 * In audio mode the card is read aloud; a key picks, the answer, explanation and next interval are
 * spoken (graded as suggested), and Enter goes on. Every change is announced in a live region.
 */
export function ReviewSession({
  cards,
  medianDurationMs,
  audioMode,
  onGrade,
  onRemove,
  onFinish,
}: {
  cards: ReviewCard[];
  medianDurationMs: number | null;
  audioMode: boolean;
  onGrade(card: ReviewCard, rating: Grade, selectedOption: string | null, durationMs: number): void;
  /** Removes the card from review (server); resolves false when it could not. */
  onRemove(card: ReviewCard): Promise<boolean>;
  onFinish(done: number): void;
}) {
  const t = useT(reviewCatalog);
  const language = useLanguage();
  const interval = (ms: number) => formatInterval(ms, language);
  const ratingLabel = (rating: Grade) => t(`review.rating.${rating}`);
  const position = (number: number, total: number) => t('review.card.position', { number, total });
  // In Hindi the app's own cues are spoken by a Hindi voice; in English, in the card's language.
  const cueLang = (card: ReviewCard) => (language === 'hi' ? 'hi' : (shown?.lang ?? card.lang));
  // A device with no Hindi voice shows the Hindi cues instead of speaking them (HindiVoiceNotice says so once).
  const voices = useSpeechVoices();
  const cuesShownOnly = audioMode && language === 'hi' && lacksHindiVoice(voices);
  const [state, dispatch] = useReducer(sessionReducer, cards, (c) => initialSession(c, Date.now()));
  const [announcement, setAnnouncement] = useState(() => position(1, cards.length));
  const [readingPart, setReadingPart] = useState<ReadingPart | null>(null);
  const reader = useMemo(() => new QuestionReader(browserSpeechEnvironment()), []);
  const heading = useRef<HTMLHeadingElement>(null);
  const card = currentCard(state);
  // Bilingual cards show in the learner's question language (issue 12); answers stay the own choice texts.
  const [questionLang, setQuestionLang] = useState<TextLang>(defaultQuestionLanguage);
  const shown = card ? withExplanation(shownText(card, questionLang), card) : null;
  const spoken = shown ? spokenText(shown) : null;
  /** The right answer in words, in the shown language ("B: x squared"), or the number ± tolerance. */
  const spokenAnswer = (c: ReviewCard) =>
    c.type === 'numeric'
      ? answerText(state)
      : `${letterOf(state, c.ansIndex)}: ${spoken?.choices[c.ansIndex] ?? ''}`;
  const suggestion = state.phase === 'revealed' ? suggestedRating(state, medianDurationMs) : null;

  useEffect(() => () => reader.stop(), [reader]);

  // A new card: move focus to it, announce it, and read it in audio mode.
  useEffect(() => {
    if (!card) return;
    heading.current?.focus();
    if (audioMode) {
      reader.read(
        {
          qn: spoken!.qn,
          choices: state.order.map((i) => spoken!.choices[i]!),
          lang: shown!.lang,
          audioUrl: shown!.lang === card.lang ? card.audioUrl : null,
          // A Hindi card read while the app is in Hindi introduces its choices as "विकल्प A: …".
          optionLine:
            language === 'hi' && shown!.lang === 'hi'
              ? (letter, text) => t('review.card.optionLine', { letter, text })
              : undefined,
        },
        readListenSettings(),
        { onPart: setReadingPart },
      );
    }
    // Only when the card changes (or audio mode is switched on).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.index, audioMode]);

  useEffect(() => {
    if (!card) onFinish(state.done);
  }, [card, onFinish, state.done]);

  const feedback = useCallback(
    (rating: Grade, picked: number | null) => {
      if (!card) return '';
      const answer = spokenAnswer(card);
      const right = card.type === 'numeric' ? isCorrect(state) : picked === card.ansIndex;
      const verdict = right ? t('review.card.correctShort') : t('review.card.theAnswerIs', { answer });
      const explanation = spoken?.explanation ? ` ${spoken.explanation}` : '';
      return `${verdict}${explanation} ${t('review.card.nextReview', { interval: interval(card.intervals[rating]) })}`;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [card, spoken, state, t],
  );

  const nextCard = useCallback(
    (prefix = '') => {
      reader.stop();
      dispatch({ type: 'next', now: Date.now() });
      const index = state.index + 1;
      if (index < state.cards.length) setAnnouncement(`${prefix}${position(index + 1, state.cards.length)}`);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [reader, state.cards.length, state.index, t],
  );

  /** Records the grade; audio mode then speaks the outcome and waits for Enter. */
  const applyGrade = useCallback(
    (rating: Grade, picked: number | null, durationMs: number) => {
      if (!card) return;
      onGrade(
        card,
        rating,
        card.type === 'numeric' ? answerGiven(state) : picked === null ? null : card.choices[picked]!,
        durationMs,
      );
      dispatch({ type: 'graded', rating });
      if (audioMode) {
        const text = `${feedback(rating, picked)} ${t('review.card.pressEnter')}`;
        setAnnouncement(text);
        if (!cuesShownOnly) reader.say(text, cueLang(card), readListenSettings());
      } else {
        nextCard(
          t('review.card.graded', {
            rating: ratingLabel(rating),
            interval: interval(card.intervals[rating]),
          }),
        );
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [audioMode, card, cuesShownOnly, feedback, nextCard, onGrade, reader, state, t, shown?.lang],
  );

  const grade = useCallback(
    (rating: Grade) => {
      if (state.phase === 'revealed') applyGrade(rating, state.picked, state.durationMs);
    },
    [applyGrade, state.durationMs, state.phase, state.picked],
  );

  const reveal = useCallback(() => {
    if (!card || state.phase !== 'answering') return;
    dispatch({ type: 'reveal', now: Date.now() });
    const answer = spokenAnswer(card);
    setAnnouncement(
      isCorrect(state)
        ? t('review.card.revealCorrect', { answer })
        : t('review.card.revealAnswer', { answer }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [card, spoken, state, t]);

  const pick = useCallback(
    // eslint-disable-next-line react-hooks/preserve-manual-memoization
    (position: number) => {
      if (!card || state.phase !== 'answering' || position >= state.order.length) return;
      dispatch({ type: 'pick', position });
      setAnnouncement(t('review.card.youPicked', { letter: optionLetter(position) }));
      if (!audioMode) return;
      // Audio mode: a pick reveals and is graded as suggested at once.
      const now = Date.now();
      const picked = state.order[position]!;
      const durationMs = Math.max(0, now - state.shownAt);
      dispatch({ type: 'reveal', now });
      applyGrade(
        suggestRating({ correct: picked === card.ansIndex, durationMs, medianDurationMs }),
        picked,
        durationMs,
      );
    },
    [applyGrade, audioMode, card, medianDurationMs, state.order, state.phase, state.shownAt, t],
  );

  useReviewKeys({ phase: state.phase, pick, reveal, nextCard, grade });

  if (!card || !shown) return null;
  const revealed = state.phase !== 'answering';
  const textId = `review-qn-${card.cardId}`;

  return (
    <section aria-labelledby={textId} className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 ref={heading} tabIndex={-1} className="text-sm font-semibold text-slate-600">
          {position(state.index + 1, state.cards.length)}
        </h2>
        <p className="text-xs text-slate-600">{card.quizName}</p>
      </div>
      {audioMode && language === 'hi' && <HindiVoiceNotice voices={voices} className="mt-3" />}
      {card.hi && (
        <QuestionLanguageSwitch
          className="mt-3"
          value={shown.lang}
          onChange={(lang) => {
            reader.stop();
            setQuestionLang(lang);
            rememberQuestionLanguage(lang);
          }}
        />
      )}
      <p
        id={textId}
        lang={shown.lang}
        className={`mt-3 rounded-lg text-lg leading-relaxed font-medium whitespace-pre-line text-slate-900 ${
          readingPart === 'question' ? 'bg-amber-100' : ''
        }`}
      >
        <RichText text={shown.qn} math={shown.math?.qn} />
      </p>
      {card.type === 'numeric' && (
        <NumericReviewInput
          key={card.cardId}
          disabled={revealed}
          onNumber={(value) => dispatch({ type: 'type', value })}
          onEnter={reveal}
        />
      )}
      <ReviewChoices
        card={card}
        shown={shown}
        state={state}
        revealed={revealed}
        readingPart={readingPart}
        pick={pick}
      />

      {!revealed && (
        <Button className="mt-5 w-full sm:w-auto" onClick={reveal}>
          {state.picked === null ? t('review.card.showAnswer') : t('review.card.checkAnswer')}{' '}
          <span className="sr-only">{t('review.card.enter')}</span>
        </Button>
      )}

      {revealed && (
        <ReviewOutcome
          card={card}
          shown={shown}
          state={state}
          suggestion={suggestion}
          spokenAnswer={spokenAnswer(card)}
          grade={grade}
          nextCard={() => nextCard()}
        />
      )}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-slate-600">{t('review.card.keys')}</p>
        <Button
          variant="ghost"
          onClick={async () => {
            if (!(await onRemove(card))) return;
            reader.stop();
            dispatch({ type: 'skip', now: Date.now() });
            const index = state.index + 1;
            setAnnouncement(
              `${t('review.card.removedAnnouncement')}${index < state.cards.length ? ` ${position(index + 1, state.cards.length)}` : ''}`,
            );
          }}
        >
          {t('review.card.remove')}
        </Button>
      </div>
      <p
        role="status"
        aria-live="polite"
        className={cuesShownOnly ? 'mt-3 text-sm font-medium text-slate-800' : 'sr-only'}
      >
        {announcement}
      </p>
    </section>
  );
}
