import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@quizcast/contract/constants';
import type { AttemptSection, QuizAttempt } from '@quizcast/contract/schemas/quiz';
import { setLanguage } from '../../../i18n/i18n';
import { AttemptRunner } from './attempt-runner';

/**
 * Issue 26: a locked sectional mock driven by audio mode's keys alone. The last question of a section
 * offers closing it (not submitting the quiz), X closes a section after a spoken confirmation whose
 * button Enter presses, and the interstitial is spoken and passed with N.
 */

const MIN = 60_000;
const START = Date.parse('2026-11-22T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const NAMES = [
  ['English Language', 'अंग्रेज़ी भाषा'],
  ['Quantitative Aptitude', 'संख्यात्मक अभियोग्यता'],
  ['Reasoning Ability', 'तर्कशक्ति'],
] as const;

/** The server's windows: section 0 open from `openedAt`, each 5 minutes, the later ones after it. */
function windows(open: number, openedAt: number): AttemptSection[] {
  return NAMES.map(([name, nameHi], i) => {
    const startedAt = openedAt + (i - open) * 5 * MIN;
    return {
      name,
      nameHi,
      questionCount: 2,
      durationMin: 5,
      startedAt: iso(startedAt),
      closesAt: iso(startedAt + 5 * MIN),
      state: i < open ? 'closed' : i === open ? 'open' : 'upcoming',
    };
  });
}

const attempt: QuizAttempt = {
  _id: 'quiz-1',
  name: 'IBPS mock',
  desc: '',
  duration: 15,
  startedAt: iso(START),
  deadlineAt: iso(START + 15 * MIN),
  serverNow: iso(START),
  questions: Array.from({ length: 6 }, (_, i) => ({
    _id: `q${i + 1}`,
    qn: `Question text ${i + 1}`,
    choices: ['Alpha', 'Beta'],
    lang: 'en' as const,
    audioUrl: null,
    section: Math.floor(i / 2),
  })),
  savedAnswers: [],
  navigation: 'locked',
  sections: windows(0, START),
  currentSection: 0,
};

/** The device's speech engine (jsdom has none): it records every utterance with its language. */
function deviceSpeech() {
  const spoken: { text: string; lang: string }[] = [];
  class Utterance {
    lang = '';
    rate = 1;
    voice = null;
    onstart = null;
    onend = null;
    onerror = null;
    constructor(public text: string) {}
  }
  const voices = ['en-IN', 'hi-IN'].map((lang) => ({ lang, voiceURI: `voice-${lang}`, name: lang }));
  vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
  vi.stubGlobal('speechSynthesis', {
    getVoices: () => voices,
    speak: (u: Utterance) => spoken.push({ text: u.text, lang: u.lang }),
    cancel: () => undefined,
    pause: () => undefined,
    resume: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
  return spoken;
}

/** The server: saves are taken; closing section 0 re-plans the windows from now. */
function server() {
  const closes: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const reply = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.endsWith('/sections/close')) {
      closes.push(JSON.parse(String(init.body)));
      const now = Date.now();
      return reply({ ...attempt, serverNow: iso(now), sections: windows(1, now), currentSection: 1 });
    }
    if (url.endsWith('/answers')) return reply({ message: 'Answers saved', savedAt: iso(Date.now()) });
    return new Promise(() => undefined);
  });
  return closes;
}

async function renderRunner() {
  const router = createMemoryRouter(
    [
      {
        path: '/quizzes/attend',
        element: (
          <AttemptRunner
            userId="u1"
            attempt={attempt}
            clockOffsetMs={0}
            serverAnswers={[]}
            fromDevice={false}
          />
        ),
      },
    ],
    { initialEntries: ['/quizzes/attend'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  // The dialogs load just after the screen (lazy, ADR 013 budget): let them arrive.
  await act(async () => {
    await import('./submit-dialog');
    await import('../../../components/ui/confirm-dialog');
  });
}

const press = (key: string) => act(() => void fireEvent.keyDown(window, { key }));
const settle = () => act(async () => void (await vi.advanceTimersByTimeAsync(50)));
const heading = () => screen.getByRole('heading', { name: /^(Question|प्रश्न) \d/ }).textContent;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(START);
  window.localStorage.clear();
  window.localStorage.setItem(STORAGE_KEYS.audioMode, '1');
});
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await setLanguage('en');
});

describe('a locked sectional mock in audio mode, by keys alone (issue 26)', () => {
  it('N on a section’s last question offers closing it; X asks aloud, Enter’s button closes it; the interstitial is spoken and N passes it', async () => {
    const spoken = deviceSpeech();
    const closes = server();
    await renderRunner();
    expect(screen.getByText(/X close section/)).toBeTruthy();

    await press('a');
    await press('n');
    expect(heading()).toBe('Question 2 of 6');
    // The last question of a section that is not the last: not "Press S to submit".
    await press('n');
    const last =
      'This is the last question of English Language. Press X to close the section and go on to Quantitative Aptitude.';
    expect(spoken.at(-1)).toEqual({ text: last, lang: 'en-IN' });
    expect(screen.getByRole('status').textContent).toBe(last);
    expect(screen.queryByRole('dialog')).toBeNull();

    // X: the same confirmation as the on-screen button, spoken, its "Close section" button focused.
    await press('x');
    const dialog = screen.getByRole('dialog', { name: 'Close English Language now?' });
    expect(spoken.at(-1)?.text).toBe(
      'Close English Language now? You cannot come back to this section. Quantitative Aptitude starts at once, on its own clock. Press Enter to close the section, or Escape to keep working.',
    );
    const confirm = screen.getByRole('button', { name: 'Close section' });
    expect(dialog.contains(confirm)).toBe(true);
    expect(document.activeElement).toBe(confirm);
    fireEvent.click(confirm);
    await settle();
    expect(closes).toEqual([{ section: 0 }]);

    // The interstitial is spoken whole, not the question under it; N moves on, R says it again.
    expect(screen.getByRole('region', { name: 'Section 2: Quantitative Aptitude' })).toBeTruthy();
    const cue =
      'Section 1 closed. Section 2: Quantitative Aptitude starts now: 5 minutes, 2 questions. Its clock has started, and the closed section cannot be reopened. Press N to begin Quantitative Aptitude.';
    expect(spoken.at(-1)).toEqual({ text: cue, lang: 'en-IN' });
    expect(spoken.map((u) => u.text)).not.toContain('Question text 3');
    await press('a');
    await press('s');
    expect(screen.queryByRole('dialog')).toBeNull();
    await press('r');
    expect(spoken.at(-1)?.text).toBe(cue);
    await press('n');
    expect(screen.queryByRole('region', { name: 'Section 2: Quantitative Aptitude' })).toBeNull();
    expect(heading()).toBe('Question 3 of 6');
    expect(spoken.map((u) => u.text)).toContain('Question text 3');

    // S before the last section: the dialog says the sections not reached end too, and Enter does
    // not land on Submit by itself.
    await press('s');
    expect(screen.getByRole('dialog', { name: 'Submit quiz?' })).toBeTruthy();
    expect(spoken.at(-1)?.text).toContain('Submitting now also ends the sections you have not reached.');
    expect(document.activeElement?.textContent).not.toBe('Submit');
  }, 20_000);

  it('in Hindi: a section that runs out is announced and its interstitial spoken in Hindi; the last section offers submitting, S asks aloud', async () => {
    await setLanguage('hi');
    const spoken = deviceSpeech();
    server();
    await renderRunner();

    // Section 1's time ends while its close dialog is up: the dialog goes with it (its Enter would
    // close section 2), the attempt moves on by itself, and the interstitial is spoken in Hindi.
    await press('x');
    expect(screen.getByRole('dialog')).toBeTruthy();
    await act(async () => void (await vi.advanceTimersByTimeAsync(5 * MIN + 1_000)));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('region', { name: 'सेक्शन 2: संख्यात्मक अभियोग्यता' })).toBeTruthy();
    expect(spoken.at(-1)).toEqual({
      text: 'सेक्शन 1 बंद हुआ। सेक्शन 2: संख्यात्मक अभियोग्यता अभी शुरू: 5 मिनट, 2 प्रश्न। इसकी घड़ी शुरू हो चुकी है, और बंद सेक्शन फिर से खोला नहीं जा सकता। संख्यात्मक अभियोग्यता शुरू करने के लिए N दबाएँ।',
      lang: 'hi-IN',
    });
    await press('ArrowRight');
    expect(heading()).toBe('प्रश्न 3 (6 में से)');

    await act(async () => void (await vi.advanceTimersByTimeAsync(5 * MIN)));
    await press('n');
    expect(heading()).toBe('प्रश्न 5 (6 में से)');
    // The last section has nothing to close; its last question offers submitting.
    await press('x');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(spoken.at(-1)?.text).toBe('यह आख़िरी सेक्शन है। पूरा होने पर जमा करने के लिए S दबाएँ।');
    await press('n');
    await press('n');
    expect(spoken.at(-1)?.text).toBe('यह आखिरी प्रश्न है। जमा करने के लिए S दबाएँ।');

    await press('s');
    screen.getByRole('dialog', { name: 'क्विज़ जमा करें?' });
    expect(spoken.at(-1)).toEqual({
      text: 'क्विज़ जमा करें? 6 प्रश्नों के जवाब अभी बाकी हैं। जमा करने के बाद जवाब बदले नहीं जा सकते। जमा करने के लिए Enter दबाएँ, या वापस जाने के लिए Escape।',
      lang: 'hi-IN',
    });
    expect(document.activeElement?.textContent).toBe('जमा करें');
  }, 20_000);
});
