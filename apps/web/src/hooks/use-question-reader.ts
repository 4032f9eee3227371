import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  QuestionReader,
  browserSpeechEnvironment,
  clampRate,
  readListenSettings,
  saveListenSettings,
  type ListenSettings,
  type ListenableQuestion,
  type QuestionLang,
  type ReadingPart,
  type SpeechEnvironment,
} from '../lib/speech';
import { keepAudioForOffline } from '../lib/offline-audio';

export interface QuestionReaderState {
  /** Speech synthesis exists in this browser (recordings play without it). */
  speechSupported: boolean;
  /** What is being read now (for highlighting); null when silent. */
  part: ReadingPart | null;
  reading: boolean;
  paused: boolean;
  settings: ListenSettings;
  voices: SpeechSynthesisVoice[];
  setRate(rate: number): void;
  setVoice(voiceURI: string | null): void;
  read(question: ListenableQuestion, onEnd?: () => void): void;
  say(text: string, lang: QuestionLang): void;
  togglePause(): void;
  stop(): void;
}

/** A question reader for one screen: stops speaking when the screen unmounts (navigation). */
export function useQuestionReader(env?: SpeechEnvironment): QuestionReaderState {
  const reader = useMemo(() => new QuestionReader(env ?? browserSpeechEnvironment()), [env]);
  const [part, setPart] = useState<ReadingPart | null>(null);
  const [reading, setReading] = useState(false);
  const [paused, setPaused] = useState(false);
  const [settings, setSettings] = useState<ListenSettings>(readListenSettings);
  const settingsRef = useRef(settings);
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>(() => reader.voices());

  useEffect(() => {
    const synth = browserSpeechEnvironment().synth;
    const update = () => setVoices(reader.voices());
    update();
    synth?.addEventListener?.('voiceschanged', update);
    return () => {
      synth?.removeEventListener?.('voiceschanged', update);
      reader.stop();
    };
  }, [reader]);

  const updateSettings = useCallback((next: ListenSettings) => {
    settingsRef.current = next;
    setSettings(next);
    saveListenSettings(next);
  }, []);

  const read = useCallback(
    (question: ListenableQuestion, onEnd?: () => void) => {
      setPaused(false);
      setReading(true);
      if (question.audioUrl) keepAudioForOffline(question.audioUrl);
      reader.read(question, settingsRef.current, {
        onPart: (p) => {
          setPart(p);
          if (p === null) setReading(false);
        },
        onEnd,
      });
    },
    [reader],
  );

  const say = useCallback(
    (text: string, lang: QuestionLang) => {
      setPart(null);
      setPaused(false);
      setReading(false);
      reader.say(text, lang, settingsRef.current);
    },
    [reader],
  );

  const stop = useCallback(() => {
    reader.stop();
    setPart(null);
    setReading(false);
    setPaused(false);
  }, [reader]);

  const togglePause = useCallback(() => {
    if (reader.paused) reader.resume();
    else reader.pause();
    setPaused(reader.paused);
  }, [reader]);

  return {
    speechSupported: reader.speechSupported,
    part,
    reading,
    paused,
    settings,
    voices,
    setRate: (rate) => updateSettings({ ...settingsRef.current, rate: clampRate(rate) }),
    setVoice: (voiceURI) => updateSettings({ ...settingsRef.current, voiceURI }),
    read,
    say,
    togglePause,
    stop,
  };
}
