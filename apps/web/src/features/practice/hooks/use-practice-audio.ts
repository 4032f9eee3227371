import { useEffect, useState } from 'react';
import { shownText, spokenText } from '@quizcast/contract/domain/question-text';
import type { PracticeFeedback } from '@quizcast/contract/schemas/practice';
import type { AttemptQuestion } from '@quizcast/contract/schemas/quiz';
import { useAudioModeSetting } from '../../../hooks/audio-mode';
import { useAudioKeys } from '../../../hooks/use-audio-keys';
import { useQuestionReader } from '../../../hooks/use-question-reader';
import { useLanguage, useT } from '../../../i18n/use-t';
import {
  lacksHindiVoice,
  optionLetter,
  type ListenableQuestion,
  type QuestionLang,
} from '../../../lib/speech';
import { useFeedbackText } from '../components/practice-feedback-panel';
import { practiceCatalog } from '../messages/catalog';

/**
 * The attempt's audio mode in a practice (issue 27): the same switch (remembered on the device), the
 * same keys (`useAudioKeys`), each question read on arrival, and, after an answer, its feedback spoken
 * (right or wrong, the answer, the explanation). What was said last is shown and announced too.
 */
export function usePracticeAudio({
  question,
  index,
  total,
  feedback,
  locked,
  keysActive,
  onAnswer,
  onMove,
  onFinish,
}: {
  question: AttemptQuestion;
  index: number;
  total: number;
  /** The server's feedback on this question, once judged. */
  feedback: PracticeFeedback | undefined;
  locked: boolean;
  /** False while a dialog is open (its own keys then). */
  keysActive: boolean;
  onAnswer(option: string): void;
  onMove(index: number): void;
  onFinish(): void;
}) {
  const t = useT(practiceCatalog);
  const language = useLanguage();
  const reader = useQuestionReader();
  const [on, setOn] = useAudioModeSetting();
  // What was said last, on the question it was said on (moving on clears it).
  const [said, setSaid] = useState({ qnId: '', text: '' });
  const spoken = said.qnId === question._id ? said.text : '';
  const setSpoken = (text: string) => setSaid({ qnId: question._id, text });
  const words = useFeedbackText();
  const shown = shownText(question, language === 'hi' ? 'hi' : 'en');
  const listenable: ListenableQuestion = {
    ...spokenText(shown),
    lang: shown.lang,
    audioUrl: shown.lang === question.lang ? question.audioUrl : null,
    optionLine:
      language === 'hi' && shown.lang === 'hi'
        ? (letter, text) => t('practice.cue.optionLine', { letter, text })
        : undefined,
  };
  const cueLang: QuestionLang = language === 'hi' ? 'hi' : shown.lang;
  const cuesSpoken = language !== 'hi' || !lacksHindiVoice(reader.voices);
  const say = (text: string) => {
    setSpoken(text);
    if (on && cuesSpoken) reader.say(text, cueLang);
  };
  const feedbackWords = (f: PracticeFeedback) => {
    const text = words(f);
    return [text.verdict, text.explanation].filter(Boolean).join(' ');
  };

  // Each question is read on arrival (and when audio mode is turned on); moving on stops any reading.
  const { read, stop } = reader;
  useEffect(() => {
    if (on) read(listenable);
    else stop();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on arrival at a question or a mode change
  }, [on, question._id, language]);

  const isLast = index === total - 1;
  useAudioKeys(on && keysActive, question.type === 'numeric' ? 0 : question.choices.length, {
    choose: (i) => {
      const option = question.choices[i];
      if (option === undefined || locked) return;
      say(t('practice.cue.optionSelected', { letter: optionLetter(i) }));
      onAnswer(option);
    },
    next: () => (isLast ? say(t('practice.cue.lastPressS')) : onMove(index + 1)),
    previous: () => (index === 0 ? say(t('practice.cue.first')) : onMove(index - 1)),
    // R: what was heard last on this question: its feedback once judged, the question before.
    replay: () => (feedback ? say(feedbackWords(feedback)) : read(listenable)),
    pause: reader.togglePause,
    submit: () => {
      stop();
      onFinish();
    },
  });

  return {
    /** The server's feedback as it arrives (at once, or when the connection returns): spoken in audio mode when it is this question's. */
    hear: (arrived: PracticeFeedback[]) => {
      const mine = arrived.find((f) => f.qnId === question._id);
      if (mine && on) say(feedbackWords(mine));
    },
    on,
    toggle: () => {
      setSpoken('');
      setOn(!on);
    },
    paused: reader.paused,
    replay: () => (feedback ? say(feedbackWords(feedback)) : read(listenable)),
    togglePause: reader.togglePause,
    spoken,
    voices: reader.voices,
  };
}
