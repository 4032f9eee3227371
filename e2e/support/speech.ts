import type { Page } from '@playwright/test';

/** One utterance the page spoke; `voice` (the voice's URI) only when the page picked a voice. */
export interface Spoken {
  text: string;
  lang: string;
  voice?: string;
}

/**
 * Stands in for the device's speech engine (headless Chromium has no voices): it records every
 * utterance and keeps "speaking" until cancelled, so the test hears exactly what a learner would.
 * `voiceLangs` are the voices the device offers (none by default, as headless Chromium), each with the
 * URI `stand-in-<lang>`: `page.addInitScript(recordingSpeech, ['en-IN', 'hi-IN'])`.
 */
export function recordingSpeech(voiceLangs: string[] = []) {
  const voices = voiceLangs.map((lang) => ({
    lang,
    name: `Stand-in ${lang}`,
    voiceURI: `stand-in-${lang}`,
    localService: true,
    default: false,
  }));
  const spoken: Spoken[] = [];
  (window as unknown as { __spoken: typeof spoken }).__spoken = spoken;
  class Utterance extends EventTarget {
    lang = '';
    rate = 1;
    pitch = 1;
    volume = 1;
    voice: SpeechSynthesisVoice | null = null;
    onstart: ((e: Event) => void) | null = null;
    onend: ((e: Event) => void) | null = null;
    onerror: ((e: Event) => void) | null = null;
    constructor(public text: string) {
      super();
    }
  }
  const synth = {
    speaking: false,
    pending: false,
    paused: false,
    onvoiceschanged: null,
    getVoices: () => voices,
    speak(u: Utterance) {
      spoken.push(
        u.voice ? { text: u.text, lang: u.lang, voice: u.voice.voiceURI } : { text: u.text, lang: u.lang },
      );
      this.speaking = true;
      setTimeout(() => u.onstart?.(new Event('start')), 0);
    },
    cancel() {
      this.speaking = false;
    },
    pause() {
      this.paused = true;
    },
    resume() {
      this.paused = false;
    },
    addEventListener() {},
    removeEventListener() {},
  };
  Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true });
}

/** The question on screen, exactly as written (the transcript of what is read). */
export async function questionText(page: Page): Promise<string> {
  return (await page.locator('section[aria-labelledby] > p[lang]').first().textContent()) ?? '';
}

/** The last n utterances the page spoke. */
export function lastSpoken(page: Page, n: number) {
  return page.evaluate((count) => (window as unknown as { __spoken: Spoken[] }).__spoken.slice(-count), n);
}
