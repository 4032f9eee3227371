import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@quizcast/contract/constants';
import {
  QuestionReader,
  lacksHindiVoice,
  pickVoice,
  questionScript,
  readListenSettings,
  saveListenSettings,
  type ReadingPart,
  type SpeechEnvironment,
} from './speech';

type Voice = Pick<SpeechSynthesisVoice, 'lang' | 'voiceURI' | 'name'>;

class FakeUtterance {
  lang = '';
  rate = 1;
  voice: Voice | null = null;
  onstart: (() => void) | null = null;
  onend: (() => void) | null = null;
  onerror: ((e: { error: string }) => void) | null = null;
  constructor(readonly text: string) {}
}

/** A speechSynthesis that queues utterances; `finishNext()` plays one to its end. */
class FakeSynth {
  queue: FakeUtterance[] = [];
  spoken: FakeUtterance[] = [];
  cancelled = 0;
  paused = false;
  constructor(private readonly voiceList: Voice[] = []) {}
  getVoices() {
    return this.voiceList;
  }
  speak(u: FakeUtterance) {
    this.queue.push(u);
    this.spoken.push(u);
  }
  cancel() {
    this.cancelled += 1;
    const dropped = this.queue;
    this.queue = [];
    for (const u of dropped) u.onerror?.({ error: 'interrupted' });
  }
  pause() {
    this.paused = true;
  }
  resume() {
    this.paused = false;
  }
  finishNext() {
    const u = this.queue.shift()!;
    u.onstart?.();
    u.onend?.();
  }
}

class FakeAudio {
  playbackRate = 1;
  playing = false;
  onended: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly src: string) {}
  play() {
    this.playing = true;
    return Promise.resolve();
  }
  pause() {
    this.playing = false;
  }
  removeAttribute() {}
}

const voices: Voice[] = [
  { name: 'US', lang: 'en-US', voiceURI: 'us' },
  { name: 'India English', lang: 'en-IN', voiceURI: 'en-in' },
  { name: 'UK', lang: 'en_GB', voiceURI: 'gb' },
  { name: 'Hindi', lang: 'hi-IN', voiceURI: 'hi-in' },
];

function setup(voiceList: Voice[] = voices) {
  const synth = new FakeSynth(voiceList);
  const audios: FakeAudio[] = [];
  const env = {
    synth: synth as unknown as SpeechSynthesis,
    createUtterance: (text: string) => new FakeUtterance(text) as unknown as SpeechSynthesisUtterance,
    createAudio: (url: string) => {
      const audio = new FakeAudio(url);
      audios.push(audio);
      return audio as unknown as HTMLAudioElement;
    },
  } satisfies SpeechEnvironment;
  return { synth, audios, reader: new QuestionReader(env) };
}

const question = {
  qn: 'Capital of India?',
  choices: ['Mumbai', 'New Delhi', 'Kolkata'],
  lang: 'en' as const,
};

beforeEach(() => window.localStorage.clear());

describe('questionScript', () => {
  it('is the question, then each choice as "Option A: …"', () => {
    expect(questionScript(question)).toEqual([
      { part: 'question', text: 'Capital of India?' },
      { part: 0, text: 'Option A: Mumbai' },
      { part: 1, text: 'Option B: New Delhi' },
      { part: 2, text: 'Option C: Kolkata' },
    ]);
  });

  it('introduces each choice in the words it is given ("विकल्प A: …" for a Hindi question in Hindi)', () => {
    const hindi = { qn: 'भारत की राजधानी?', choices: ['मुंबई', 'नई दिल्ली'], lang: 'hi' as const };
    expect(questionScript({ ...hindi, optionLine: (letter, text) => `विकल्प ${letter}: ${text}` })).toEqual([
      { part: 'question', text: 'भारत की राजधानी?' },
      { part: 0, text: 'विकल्प A: मुंबई' },
      { part: 1, text: 'विकल्प B: नई दिल्ली' },
    ]);
  });
});

describe('lacksHindiVoice', () => {
  const voice = (lang: string) => ({ lang, voiceURI: lang });
  it('is true only when the device lists voices and none speaks Hindi (any region, either separator)', () => {
    expect(lacksHindiVoice([voice('en-IN'), voice('en-US')])).toBe(true);
    expect(lacksHindiVoice([voice('en-IN'), voice('hi-IN')])).toBe(false);
    expect(lacksHindiVoice([voice('en-GB'), voice('hi_IN')])).toBe(false);
    expect(lacksHindiVoice([voice('hi')])).toBe(false);
    // "hil" (Hiligaynon) is not Hindi.
    expect(lacksHindiVoice([voice('hil-PH')])).toBe(true);
    // No voices listed yet: nothing to say (browsers fill the list in after voiceschanged).
    expect(lacksHindiVoice([])).toBe(false);
  });
});

describe('QuestionReader with speech', () => {
  it('speaks the question then every choice, in order, in en-IN at the chosen rate', () => {
    const { synth, reader } = setup();
    reader.read(question, { rate: 1.5, voiceURI: null });
    expect(synth.spoken.map((u) => u.text)).toEqual([
      'Capital of India?',
      'Option A: Mumbai',
      'Option B: New Delhi',
      'Option C: Kolkata',
    ]);
    expect(synth.spoken.every((u) => u.lang === 'en-IN' && u.rate === 1.5)).toBe(true);
    expect(synth.spoken.every((u) => u.voice?.voiceURI === 'en-in')).toBe(true);
  });

  it('reads Hindi questions with a hi-IN voice, and clamps the rate to 0.75–2', () => {
    const { synth, reader } = setup();
    reader.read({ ...question, lang: 'hi', qn: 'भारत की राजधानी?' }, { rate: 5, voiceURI: 'en-in' });
    expect(synth.spoken[0]).toMatchObject({ text: 'भारत की राजधानी?', lang: 'hi-IN', rate: 2 });
    expect(synth.spoken[0]!.voice?.voiceURI).toBe('hi-in');
    reader.read(question, { rate: 0.1, voiceURI: null });
    expect(synth.spoken.at(-1)!.rate).toBe(0.75);
  });

  it('uses the voice chosen on the device when it speaks the language; any voice of the language otherwise', () => {
    const { synth, reader } = setup();
    reader.read(question, { rate: 1, voiceURI: 'gb' });
    expect(synth.spoken[0]!.voice?.voiceURI).toBe('gb');
    expect(
      pickVoice(
        voices.filter((v) => v.lang !== 'en-IN'),
        'en',
        null,
      )?.voiceURI,
    ).toBe('us');
    expect(pickVoice([voices[0]!], 'hi', null)).toBeNull();
    const none = setup([]);
    none.reader.read({ ...question, lang: 'hi' }, { rate: 1, voiceURI: null });
    expect(none.synth.spoken[0]).toMatchObject({ lang: 'hi-IN', voice: null });
  });

  it('reports the part being read so the screen can highlight it, then null at the end', () => {
    const { synth, reader } = setup();
    const parts: (ReadingPart | null)[] = [];
    let ended = 0;
    reader.read(
      question,
      { rate: 1, voiceURI: null },
      { onPart: (p) => parts.push(p), onEnd: () => ended++ },
    );
    synth.finishNext();
    synth.finishNext();
    expect(parts).toEqual(['question', 0]);
    synth.finishNext();
    synth.finishNext();
    expect(parts).toEqual(['question', 0, 1, 2, null]);
    expect(ended).toBe(1);
  });

  it('stop() cancels speech and silences callbacks of the cancelled reading', () => {
    const { synth, reader } = setup();
    const parts: (ReadingPart | null)[] = [];
    reader.read(question, { rate: 1, voiceURI: null }, { onPart: (p) => parts.push(p) });
    reader.stop();
    expect(synth.queue).toEqual([]);
    expect(synth.cancelled).toBeGreaterThan(0);
    expect(parts).toEqual([]);
  });

  it('pauses and resumes', () => {
    const { synth, reader } = setup();
    reader.read(question, { rate: 1, voiceURI: null });
    reader.pause();
    expect(synth.paused).toBe(true);
    expect(reader.paused).toBe(true);
    reader.resume();
    expect(synth.paused).toBe(false);
  });

  it('says a short confirmation in the question language, replacing the reading', () => {
    const { synth, reader } = setup();
    reader.read(question, { rate: 1, voiceURI: null });
    reader.say('Option B selected', 'en', { rate: 1.25, voiceURI: null });
    expect(synth.queue.map((u) => u.text)).toEqual(['Option B selected']);
    expect(synth.queue[0]).toMatchObject({ lang: 'en-IN', rate: 1.25 });
  });
});

describe('QuestionReader with a recording', () => {
  it('plays the recording instead of speech, at the chosen rate', () => {
    const { synth, audios, reader } = setup();
    reader.read({ ...question, audioUrl: '/api/files/audio/x.mp3' }, { rate: 1.25, voiceURI: null });
    expect(synth.spoken).toEqual([]);
    expect(audios).toHaveLength(1);
    expect(audios[0]).toMatchObject({ src: '/api/files/audio/x.mp3', playbackRate: 1.25, playing: true });
    reader.stop();
    expect(audios[0]!.playing).toBe(false);
  });

  it('falls back to speech when the recording cannot play', () => {
    const { synth, audios, reader } = setup();
    let failed = 0;
    reader.read(
      { ...question, audioUrl: '/api/files/audio/x.mp3' },
      { rate: 1, voiceURI: null },
      { onRecordingFailed: () => failed++ },
    );
    audios[0]!.onerror?.();
    expect(failed).toBe(1);
    expect(synth.spoken.map((u) => u.text)[0]).toBe('Capital of India?');
  });

  it('still plays recordings where speech synthesis is missing', () => {
    const audios: FakeAudio[] = [];
    const reader = new QuestionReader({
      synth: null,
      createUtterance: () => {
        throw new Error('no speech');
      },
      createAudio: (url) => {
        audios.push(new FakeAudio(url));
        return audios[0] as unknown as HTMLAudioElement;
      },
    });
    expect(reader.speechSupported).toBe(false);
    reader.read({ ...question, audioUrl: '/a.ogg' }, { rate: 1, voiceURI: null });
    expect(audios).toHaveLength(1);
    const parts: (ReadingPart | null)[] = [];
    reader.read(question, { rate: 1, voiceURI: null }, { onPart: (p) => parts.push(p) });
    expect(parts).toEqual([null]);
  });
});

describe('listen settings on the device', () => {
  it('saves rate and voice in localStorage and reads them back, clamped', () => {
    expect(readListenSettings()).toEqual({ rate: 1, voiceURI: null });
    saveListenSettings({ rate: 1.75, voiceURI: 'hi-in' });
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.listenSettings)!)).toEqual({
      rate: 1.75,
      voiceURI: 'hi-in',
    });
    expect(readListenSettings()).toEqual({ rate: 1.75, voiceURI: 'hi-in' });
    window.localStorage.setItem(STORAGE_KEYS.listenSettings, '{"rate":9}');
    expect(readListenSettings()).toEqual({ rate: 2, voiceURI: null });
    window.localStorage.setItem(STORAGE_KEYS.listenSettings, 'garbage');
    expect(readListenSettings()).toEqual({ rate: 1, voiceURI: null });
  });
});
