import { useEffect } from 'react';
import type { Language } from '@quizcast/contract/i18n/languages';
import type { QuestionReaderState } from '../../../hooks/use-question-reader';
import { useAudioKeys } from '../../../hooks/use-audio-keys';
import type { ListenableQuestion } from '../../../lib/speech';
import type { AttemptT } from '../components/palette-labels';
import { sectionName } from '../lib/attempt-sections';
import type { AttemptSections } from './use-attempt-sections';
import type { FlowPhase } from './attempt-flow';

/**
 * Audio mode on the attempt screen: each question read on arrival, the keys (`useAudioKeys`), and, in a
 * locked sectional mock (issue 26), what a learner who only listens needs to get through it by keys: the
 * interstitial spoken and passed with N (R says it again), the last question of a section offering X to
 * close it rather than S to submit the quiz, and X asking, aloud, before it closes the section.
 * `askToClose` and `askToSubmit` open their dialogs and, in audio mode, say them with the keys that
 * answer them (the dialogs then start on the button Enter presses).
 */
export function useAttemptAudio({
  audioMode,
  keysActive,
  phase,
  choiceCount,
  currentIndex,
  isFirst,
  isLast,
  listenable,
  shownLang,
  reader,
  sections,
  language,
  t,
  announce,
  setSpoken,
  goTo,
  choose,
  continueOn,
  openClose,
  openSubmit,
  unanswered,
}: {
  audioMode: boolean;
  /** No dialog is open and the attempt is running. */
  keysActive: boolean;
  phase: FlowPhase;
  choiceCount: number;
  currentIndex: number;
  isFirst: boolean;
  isLast: boolean;
  listenable: ListenableQuestion | null;
  shownLang: string;
  reader: QuestionReaderState;
  sections: AttemptSections;
  language: Language;
  t: AttemptT;
  announce(text: string): void;
  setSpoken(text: string): void;
  goTo(index: number): void;
  choose(index: number): void;
  /** Past the interstitial, to the open section's first question. */
  continueOn(): void;
  openClose(): void;
  openSubmit(): void;
  unanswered(): number;
}) {
  const { layout, open, interstitial } = sections;
  const locked = layout?.navigation === 'locked' && open !== null;
  const closable = locked && open < layout.sections.length - 1;

  /** The interstitial as one utterance: what closed, what started, its size, and the key that goes on. */
  const interstitialCue = () => {
    const section = interstitial && layout?.sections[interstitial.next];
    if (!interstitial || !section) return '';
    const name = sectionName(section, language);
    const starts = t('attempt.cue.sectionStarts', {
      closed: interstitial.closed + 1,
      number: interstitial.next + 1,
      name,
      minutes: section.durationMin ?? 0,
      count: section.end - section.start,
    });
    return `${starts} ${t('attempt.cue.pressNToBegin', { name })}`;
  };

  // Audio mode reads each question on arrival (not while the interstitial covers it); otherwise moving
  // on stops any reading.
  const { read: readQuestion, stop: stopReading } = reader;
  const covered = interstitial !== null;
  useEffect(() => {
    if (audioMode && phase === 'running' && listenable && !covered) readQuestion(listenable);
    else stopReading();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on arrival at a question or a mode change
  }, [audioMode, currentIndex, phase, shownLang, covered]);

  // The interstitial is spoken whole when it appears (or audio mode is turned on over it).
  useEffect(() => {
    if (audioMode && interstitial) announce(interstitialCue());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per interstitial or mode change
  }, [audioMode, interstitial?.next]);

  const replay = () => {
    setSpoken('');
    if (interstitial) announce(interstitialCue());
    else if (listenable) reader.read(listenable);
  };

  const askToClose = () => {
    if (!closable || sections.closing) return;
    reader.stop();
    openClose();
    if (audioMode) {
      announce(
        [
          t('attempt.section.closeTitle', { name: sections.currentName }),
          t('attempt.section.closeText', { next: sections.nextName }),
          t('attempt.cue.closeKeys'),
        ].join(' '),
      );
    }
  };

  const askToSubmit = () => {
    reader.stop();
    openSubmit();
    if (audioMode) {
      announce(
        [
          t('attempt.submit.title'),
          t('attempt.submit.unanswered', { count: unanswered() }),
          // Before the last section of a locked mock, submitting also ends the sections not reached.
          ...(closable ? [t('attempt.cue.submitEndsLaterSections')] : []),
          t('attempt.cue.submitKeys'),
        ].join(' '),
      );
    }
  };

  /** On the interstitial only N goes on (R repeats it); any other key says which one does. */
  const onInterstitial = (act: () => void) => () => {
    const section = interstitial && layout?.sections[interstitial.next];
    if (section) announce(t('attempt.cue.pressNToBegin', { name: sectionName(section, language) }));
    else act();
  };

  useAudioKeys(audioMode && keysActive, choiceCount, {
    choose: (index) => onInterstitial(() => choose(index))(),
    next: () => {
      if (interstitial) continueOn();
      else if (!isLast) goTo(currentIndex + 1);
      // A locked section's last question: the way on is closing it, not submitting the whole mock.
      else if (closable)
        announce(
          t('attempt.cue.lastInSectionPressX', { name: sections.currentName, next: sections.nextName }),
        );
      else announce(t('attempt.cue.lastPressS'));
    },
    previous: onInterstitial(() => (isFirst ? announce(t('attempt.cue.first')) : goTo(currentIndex - 1))),
    replay,
    pause: reader.togglePause,
    submit: onInterstitial(askToSubmit),
    closeSection: onInterstitial(() => {
      if (closable) askToClose();
      else if (locked) announce(t('attempt.cue.lastSectionPressS'));
      else announce(t('attempt.cue.noSectionToClose'));
    }),
  });

  /** `closable`: a later section is still to come, so Enter must not land on Submit by itself. */
  return { replay, askToClose, askToSubmit, sectionKeys: locked, closable };
}
