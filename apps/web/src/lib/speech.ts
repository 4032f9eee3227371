import { STORAGE_KEYS } from '@quizcast/contract/constants';
import { storage } from './storage';

/**
 * Listening to questions (issue "Audio-first"): the question, then each choice as "Option A: …",
 * read by the Web Speech API in the question's language — or the question's recording when it has one.
 * Pure logic with injectable browser objects, so it is tested with a fake `speechSynthesis`.
 */

export type QuestionLang = 'en' | 'hi';

export interface ListenableQuestion {
  qn: string;
  choices: string[];
  /** Older device copies of an attempt may lack these. */
  lang?: QuestionLang;
  audioUrl?: string | null;
  /**
   * How each choice is introduced: "Option A: …" when absent. A Hindi question read while the app is in
   * Hindi says "विकल्प A: …" (the app's own word, in the question's language).
   */
  optionLine?: (letter: string, text: string) => string;
}

/** What is being read: the question text, or the choice with this index. */
export type ReadingPart = 'question' | number;

export interface ScriptLine {
  part: ReadingPart;
  text: string;
}

export const RATE_MIN = 0.75;
export const RATE_MAX = 2;
export const RATE_STEPS = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;

/** The BCP 47 tag a question's language is spoken in. */
export const SPEECH_LANG: Record<QuestionLang, string> = { en: 'en-IN', hi: 'hi-IN' };

export const optionLetter = (index: number) => String.fromCharCode(65 + index);

const englishOptionLine = (letter: string, text: string) => `Option ${letter}: ${text}`;

/** The question first, then "Option A: …" for each choice, in order. */
export function questionScript(question: ListenableQuestion): ScriptLine[] {
  const optionLine = question.optionLine ?? englishOptionLine;
  return [
    { part: 'question', text: question.qn },
    ...question.choices.map((choice, i) => ({ part: i, text: optionLine(optionLetter(i), choice) })),
  ];
}

const langOf = (voice: Pick<SpeechSynthesisVoice, 'lang'>) => voice.lang.replace('_', '-').toLowerCase();

/** Voices that can read this language (any region), Indian ones first. */
export function voicesFor<V extends Pick<SpeechSynthesisVoice, 'lang' | 'voiceURI'>>(
  voices: readonly V[],
  lang: QuestionLang,
): V[] {
  const preferred = SPEECH_LANG[lang].toLowerCase();
  const matching = voices.filter((v) => langOf(v) === lang || langOf(v).startsWith(`${lang}-`));
  return [
    ...matching.filter((v) => langOf(v) === preferred),
    ...matching.filter((v) => langOf(v) !== preferred),
  ];
}

/**
 * The device has voices, and none of them speaks Hindi: the app's Hindi cues would come out in the
 * wrong voice (or not at all), so they are shown instead, and the learner is told once. An empty list
 * says nothing yet (browsers fill it in after the first `voiceschanged`).
 */
export function lacksHindiVoice(voices: readonly Pick<SpeechSynthesisVoice, 'lang' | 'voiceURI'>[]): boolean {
  return voices.length > 0 && voicesFor(voices, 'hi').length === 0;
}

/**
 * The voice for a question: the one chosen on this device if it speaks the question's language,
 * else an en-IN / hi-IN voice, else any voice of that language; null lets the browser decide by `lang`.
 */
export function pickVoice<V extends Pick<SpeechSynthesisVoice, 'lang' | 'voiceURI'>>(
  voices: readonly V[],
  lang: QuestionLang,
  chosenVoiceURI: string | null,
): V | null {
  const candidates = voicesFor(voices, lang);
  return candidates.find((v) => v.voiceURI === chosenVoiceURI) ?? candidates[0] ?? null;
}

export interface ListenSettings {
  rate: number;
  /** A voice picked on this device; used for questions in that voice's language. */
  voiceURI: string | null;
}

export const DEFAULT_LISTEN_SETTINGS: ListenSettings = { rate: 1, voiceURI: null };

export const clampRate = (rate: number) =>
  Number.isFinite(rate) ? Math.min(RATE_MAX, Math.max(RATE_MIN, rate)) : DEFAULT_LISTEN_SETTINGS.rate;

export function readListenSettings(): ListenSettings {
  try {
    const raw = JSON.parse(
      storage.get(STORAGE_KEYS.listenSettings) ?? 'null',
    ) as Partial<ListenSettings> | null;
    if (!raw || typeof raw !== 'object') return DEFAULT_LISTEN_SETTINGS;
    return {
      rate: clampRate(Number(raw.rate ?? DEFAULT_LISTEN_SETTINGS.rate)),
      voiceURI: typeof raw.voiceURI === 'string' ? raw.voiceURI : null,
    };
  } catch {
    return DEFAULT_LISTEN_SETTINGS;
  }
}

export function saveListenSettings(settings: ListenSettings): void {
  storage.set(
    STORAGE_KEYS.listenSettings,
    JSON.stringify({ rate: clampRate(settings.rate), voiceURI: settings.voiceURI }),
  );
}

/** The browser pieces the reader needs; tests pass fakes. */
export interface SpeechEnvironment {
  synth: SpeechSynthesis | null;
  createUtterance(text: string): SpeechSynthesisUtterance;
  createAudio(url: string): HTMLAudioElement;
}

export function browserSpeechEnvironment(): SpeechEnvironment {
  const hasSpeech =
    typeof window !== 'undefined' &&
    'speechSynthesis' in window &&
    typeof SpeechSynthesisUtterance !== 'undefined';
  return {
    synth: hasSpeech ? window.speechSynthesis : null,
    createUtterance: (text) => new SpeechSynthesisUtterance(text),
    createAudio: (url) => new Audio(url),
  };
}

export interface ReadCallbacks {
  /** The part being read now; null when reading stopped or finished. */
  onPart?(part: ReadingPart | null): void;
  /** Reading finished by itself (not stopped). */
  onEnd?(): void;
  /** The recording could not play; speech took over. */
  onRecordingFailed?(): void;
}

/**
 * Reads one thing at a time. Every new read cancels the previous one; `stop()` silences everything
 * (call it on navigation and unmount).
 */
export class QuestionReader {
  private audio: HTMLAudioElement | null = null;
  /** Bumped on every read/stop so callbacks of a cancelled read do nothing. */
  private generation = 0;
  private pausedState = false;

  constructor(private readonly env: SpeechEnvironment) {}

  /** Speech synthesis is available (recordings can play without it). */
  get speechSupported(): boolean {
    return this.env.synth !== null;
  }

  get paused(): boolean {
    return this.pausedState;
  }

  voices(): SpeechSynthesisVoice[] {
    try {
      return this.env.synth?.getVoices() ?? [];
    } catch {
      return [];
    }
  }

  /** Read a question: its recording when it has one, else the question and each choice by speech. */
  read(question: ListenableQuestion, settings: ListenSettings, callbacks: ReadCallbacks = {}): void {
    this.stop();
    const generation = this.generation;
    if (question.audioUrl) {
      this.playRecording(question, settings, callbacks, generation);
      return;
    }
    this.speakLines(questionScript(question), question.lang ?? 'en', settings, callbacks, generation);
  }

  /** Speak a short message (a confirmation or a time warning), replacing whatever is being read. */
  say(text: string, lang: QuestionLang, settings: ListenSettings, callbacks: ReadCallbacks = {}): void {
    this.stop();
    this.speakLines(
      [{ part: 'question', text }],
      lang,
      settings,
      { onEnd: callbacks.onEnd },
      this.generation,
    );
  }

  pause(): void {
    if (this.audio) this.audio.pause();
    else this.env.synth?.pause();
    this.pausedState = true;
  }

  resume(): void {
    if (this.audio) void this.audio.play().catch(() => undefined);
    else this.env.synth?.resume();
    this.pausedState = false;
  }

  stop(): void {
    this.generation += 1;
    this.pausedState = false;
    if (this.audio) {
      this.audio.pause();
      this.audio.removeAttribute('src');
      this.audio = null;
    }
    try {
      this.env.synth?.cancel();
    } catch {
      /* nothing to cancel */
    }
  }

  private playRecording(
    question: ListenableQuestion,
    settings: ListenSettings,
    callbacks: ReadCallbacks,
    generation: number,
  ): void {
    const audio = this.env.createAudio(question.audioUrl!);
    this.audio = audio;
    audio.playbackRate = clampRate(settings.rate);
    const current = () => generation === this.generation;
    const fallBack = () => {
      if (!current()) return;
      this.audio = null;
      callbacks.onRecordingFailed?.();
      this.speakLines(questionScript(question), question.lang ?? 'en', settings, callbacks, generation);
    };
    audio.onended = () => {
      if (!current()) return;
      this.audio = null;
      callbacks.onPart?.(null);
      callbacks.onEnd?.();
    };
    audio.onerror = fallBack;
    callbacks.onPart?.('question');
    const playing = audio.play();
    if (playing && typeof playing.catch === 'function') playing.catch(fallBack);
  }

  private speakLines(
    lines: ScriptLine[],
    lang: QuestionLang,
    settings: ListenSettings,
    callbacks: ReadCallbacks,
    generation: number,
  ): void {
    const synth = this.env.synth;
    if (!synth) {
      callbacks.onPart?.(null);
      return;
    }
    const voice = pickVoice(this.voices(), lang, settings.voiceURI);
    const rate = clampRate(settings.rate);
    const current = () => generation === this.generation;
    lines.forEach((line, i) => {
      const utterance = this.env.createUtterance(line.text);
      utterance.lang = voice?.lang ?? SPEECH_LANG[lang];
      if (voice) utterance.voice = voice;
      utterance.rate = rate;
      utterance.onstart = () => {
        if (current()) callbacks.onPart?.(line.part);
      };
      const last = i === lines.length - 1;
      utterance.onend = () => {
        if (!current() || !last) return;
        callbacks.onPart?.(null);
        callbacks.onEnd?.();
      };
      utterance.onerror = (event) => {
        // "interrupted"/"canceled" come from our own stop(); other errors end the reading.
        if (!current() || event.error === 'interrupted' || event.error === 'canceled') return;
        callbacks.onPart?.(null);
      };
      synth.speak(utterance);
    });
  }
}
