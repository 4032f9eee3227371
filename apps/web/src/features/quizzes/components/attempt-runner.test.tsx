import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@quizcast/contract/constants';
import type { QuizAttempt } from '@quizcast/contract/schemas/quiz';
import { setLanguage } from '../../../i18n/i18n';
import { AttemptRunner } from './attempt-runner';
import type * as AttemptQuestionModule from './attempt-question';
import type * as PaletteModule from './question-palette';

const renders = vi.hoisted(() => ({ palette: 0, question: 0 }));
vi.mock('./question-palette', async (load) => {
  const actual = await load<typeof PaletteModule>();
  const Counted = (props: Parameters<typeof actual.QuestionPalette>[0]) => {
    renders.palette += 1;
    return <actual.QuestionPalette {...props} />;
  };
  return { ...actual, QuestionPalette: Counted };
});
vi.mock('./attempt-question', async (load) => {
  const actual = await load<typeof AttemptQuestionModule>();
  const Counted = (props: Parameters<typeof actual.AttemptQuestion>[0]) => {
    renders.question += 1;
    return <actual.AttemptQuestion {...props} />;
  };
  return { ...actual, AttemptQuestion: Counted };
});

const attempt: QuizAttempt = {
  _id: 'quiz-1',
  name: 'Practice quiz',
  desc: '',
  duration: 10,
  startedAt: '2026-11-22T10:00:00.000Z',
  deadlineAt: '2026-11-22T10:10:00.000Z',
  serverNow: '2026-11-22T10:00:00.000Z',
  questions: Array.from({ length: 5 }, (_, i) => ({
    _id: `q${i + 1}`,
    qn: `Question text ${i + 1}`,
    choices: ['Alpha', 'Beta', 'Gamma', 'Delta'],
    lang: 'en' as const,
    audioUrl: null,
  })),
  savedAnswers: [],
};

function renderRunner(quiz: QuizAttempt = attempt) {
  const router = createMemoryRouter(
    [
      {
        path: '/quizzes/attend',
        element: (
          <AttemptRunner userId="u1" attempt={quiz} clockOffsetMs={0} serverAnswers={[]} fromDevice={false} />
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
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date('2026-11-22T10:00:00.000Z'));
  vi.stubGlobal('fetch', () => new Promise(() => undefined));
  renders.palette = 0;
  renders.question = 0;
  window.localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('AttemptRunner', () => {
  it('ticks the countdown without re-rendering the question or the palette', () => {
    renderRunner();
    act(() => vi.advanceTimersByTime(1_000)); // the first visit is being saved ("Saving…")
    const before = { ...renders };
    expect(screen.getByTestId('countdown').textContent).toBe('09:59');
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.getByTestId('countdown').textContent).toBe('09:54');
    expect(renders).toEqual(before);
  });

  it('offline: the notice sits at the end of the page, fixed nowhere, so it covers no action (issue 30, defect 8)', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderRunner();
    act(() => void window.dispatchEvent(new Event('offline')));
    const notice = screen.getByText(/You are offline — answers are saved on this device\./);
    const saveNext = screen.getByRole('button', { name: 'Save & Next' });
    // After the actions in the page's flow (nothing above it moves), not laid over them.
    expect(notice.compareDocumentPosition(saveNext) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
    for (let node: Element | null = notice; node; node = node.parentElement) {
      expect(node.classList.contains('fixed'), node.outerHTML.slice(0, 80)).toBe(false);
    }
    vi.restoreAllMocks();
  });

  it('shows the five palette states and the exam-hall buttons', async () => {
    renderRunner();
    // The submit and quit dialogs load just after the screen (lazy, ADR 013 budget): let them arrive.
    await act(async () => {
      await import('./submit-dialog');
      await import('../../../components/ui/confirm-dialog');
    });
    fireEvent.click(screen.getByRole('radio', { name: /Beta/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Mark for Review & Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mark for Review & Next' }));
    fireEvent.click(screen.getByRole('radio', { name: /Gamma/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save & Next' }));
    const palette = screen.getByRole('navigation', { name: 'Question palette' });
    const state = (n: number) =>
      within(palette).getByRole('button', { name: new RegExp(`^Question ${n}, `) });
    expect(state(1).getAttribute('aria-label')).toBe('Question 1, Answered & Marked for Review');
    expect(state(2).getAttribute('aria-label')).toBe('Question 2, Marked for Review');
    expect(state(3).getAttribute('aria-label')).toBe('Question 3, Answered');
    expect(state(4).getAttribute('aria-label')).toBe('Question 4, Not Answered');
    expect(state(5).getAttribute('aria-label')).toBe('Question 5, Not Visited');
    const legend = within(palette).getByRole('list', { name: 'Question states' });
    expect(legend.textContent).toContain('1 Answered & Marked for Review');
    expect(legend.textContent).toContain('1 Not Visited');

    // Clear Response on an answered question makes it Not Answered again.
    fireEvent.click(state(3));
    fireEvent.click(screen.getByRole('button', { name: 'Clear Response' }));
    expect(state(3).getAttribute('aria-label')).toBe('Question 3, Not Answered');

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = screen.getByRole('dialog', { name: 'Submit quiz?' });
    expect(within(dialog).getByRole('row', { name: /Answered & Marked for Review/ }).textContent).toContain(
      '1',
    );
    expect(within(dialog).getByRole('row', { name: /^Not Answered/ }).textContent).toContain('2');
    // The lazy dialogs' first import transforms their modules (and catalogues): seconds on a loaded machine.
  }, 20_000);
});

/**
 * The device's speech engine (jsdom has none), as in e2e/support/speech.ts: it lists the given voices
 * and records every utterance with the voice it was given.
 */
function deviceSpeech(voiceLangs: string[]) {
  const voices = voiceLangs.map((lang) => ({ lang, voiceURI: `voice-${lang}`, name: `Voice ${lang}` }));
  const spoken: { text: string; lang: string; voice: string | null }[] = [];
  class Utterance {
    lang = '';
    rate = 1;
    voice: (typeof voices)[number] | null = null;
    onstart = null;
    onend = null;
    onerror = null;
    constructor(public text: string) {}
  }
  vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
  vi.stubGlobal('speechSynthesis', {
    getVoices: () => voices,
    speak: (u: Utterance) => spoken.push({ text: u.text, lang: u.lang, voice: u.voice?.voiceURI ?? null }),
    cancel: () => undefined,
    pause: () => undefined,
    resume: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
  return spoken;
}

describe('AttemptRunner in Hindi (issue 18)', () => {
  beforeEach(async () => {
    await setLanguage('hi');
    window.localStorage.setItem(STORAGE_KEYS.audioMode, '1');
  });
  afterEach(async () => {
    await setLanguage('en');
  });

  it('shows the screen in Hindi and speaks its cues with a hi-IN voice; a Hindi question says "विकल्प A"', () => {
    const spoken = deviceSpeech(['en-IN', 'hi-IN']);
    const hindiFirst: QuizAttempt = {
      ...attempt,
      questions: [
        { _id: 'q1', qn: 'भारत की राजधानी?', choices: ['मुंबई', 'नई दिल्ली'], lang: 'hi', audioUrl: null },
        ...attempt.questions.slice(1),
      ],
    };
    renderRunner(hindiFirst);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('प्रश्न 1 (5 में से)');
    expect(screen.getByRole('button', { name: 'ऑडियो मोड: चालू' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'जमा करें' })).toBeTruthy();
    const palette = screen.getByRole('navigation', { name: 'प्रश्न पैलेट' });
    expect(within(palette).getByRole('button', { name: 'प्रश्न 2, नहीं देखा' })).toBeTruthy();
    // The Hindi question is read in its language, its choices introduced in Hindi.
    expect(spoken.map((u) => u.text)).toEqual(['भारत की राजधानी?', 'विकल्प A: मुंबई', 'विकल्प B: नई दिल्ली']);

    fireEvent.click(screen.getByRole('radio', { name: /नई दिल्ली/ }));
    expect(spoken.at(-1)).toEqual({ text: 'विकल्प B चुना गया', lang: 'hi-IN', voice: 'voice-hi-IN' });
    expect(screen.getByText('विकल्प B चुना गया')).toBeTruthy();
    // An English question keeps its language ("Option A: …", en-IN); the app's cue is still Hindi.
    fireEvent.click(screen.getByRole('button', { name: 'सेव करें और आगे' }));
    expect(spoken.slice(-5).map((u) => [u.text, u.lang])).toEqual([
      ['Question text 2', 'en-IN'],
      ['Option A: Alpha', 'en-IN'],
      ['Option B: Beta', 'en-IN'],
      ['Option C: Gamma', 'en-IN'],
      ['Option D: Delta', 'en-IN'],
    ]);
    fireEvent.keyDown(window, { key: 'p' });
    fireEvent.keyDown(window, { key: 'p' });
    expect(spoken.at(-1)).toEqual({ text: 'यह पहला प्रश्न है।', lang: 'hi-IN', voice: 'voice-hi-IN' });
    expect(screen.queryByTestId('no-hindi-voice')).toBeNull();
  });

  it('on a device without a Hindi voice: says so once (dismissed for good) and shows the cues unspoken', () => {
    const spoken = deviceSpeech(['en-IN', 'en-US']);
    renderRunner();
    const notice = screen.getByTestId('no-hindi-voice');
    expect(notice.textContent).toContain('इस डिवाइस में हिन्दी आवाज़ नहीं है');

    const before = spoken.length;
    fireEvent.click(screen.getByRole('radio', { name: /Beta/ }));
    expect(spoken.length).toBe(before);
    expect(screen.getByText('विकल्प B चुना गया')).toBeTruthy();

    fireEvent.click(within(notice).getByRole('button', { name: 'ठीक है, समझ गए' }));
    expect(screen.queryByTestId('no-hindi-voice')).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.noHindiVoiceNotice)).toBe('1');
    cleanup();
    renderRunner();
    expect(screen.queryByTestId('no-hindi-voice')).toBeNull();
  });
});
