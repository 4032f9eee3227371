import { useCallback, useEffect, useRef, useState } from 'react';
import type { QuestionReaderState } from '../../../hooks/use-question-reader';
import type { Language } from '@quizcast/contract/i18n/languages';
import type { Translate } from '../../../i18n/use-t';
import { lacksHindiVoice, type QuestionLang } from '../../../lib/speech';
import type { AttemptKey } from '../components/palette-labels';
import type { TimeWarning } from '../../../hooks/audio-mode';
import type { FlowPhase } from './attempt-flow';

/**
 * Audio mode's own cues ("Option B selected", "1 minute left"): the last one shown and announced
 * (screen readers, and devices without speech), and spoken when audio mode is on.
 *
 * In Hindi they are spoken by a Hindi voice (questions keep their own language); in English, in the
 * question's language. A device with no Hindi voice shows Hindi cues without speaking them
 * (HindiVoiceNotice says so once).
 */
export function useSpeechCues({
  reader,
  audioMode,
  phase,
  language,
  lang,
  t,
}: {
  reader: QuestionReaderState;
  audioMode: boolean;
  phase: FlowPhase;
  /** The app's language. */
  language: Language;
  /** The language of the question on screen. */
  lang: QuestionLang;
  t: Translate<AttemptKey>;
}) {
  /** Last thing audio mode said, shown and announced (screen readers, and devices without speech). */
  const [spoken, setSpoken] = useState('');
  const cueLang: QuestionLang = language === 'hi' ? 'hi' : lang;
  const cuesSpoken = language !== 'hi' || !lacksHindiVoice(reader.voices);

  const announce = (text: string) => {
    setSpoken(text);
    if (audioMode && cuesSpoken) reader.say(text, cueLang);
  };

  // Spoken time warnings at 5 minutes, 1 minute and 10 seconds left (from the clock, which re-renders alone).
  const warningState = useRef({ audioMode, phase, cueLang, cuesSpoken, reader, t });
  useEffect(() => {
    warningState.current = { audioMode, phase, cueLang, cuesSpoken, reader, t };
  });
  const onWarning = useCallback((warning: TimeWarning) => {
    const current = warningState.current;
    if (current.audioMode && current.phase === 'running') {
      const text = current.t(
        warning.unit === 'minutes' ? 'attempt.cue.minutesLeft' : 'attempt.cue.secondsLeft',
        { count: warning.count },
      );
      setSpoken(text);
      if (current.cuesSpoken) current.reader.say(text, current.cueLang);
    }
  }, []);

  return { spoken, setSpoken, announce, onWarning };
}
