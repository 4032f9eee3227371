import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuizAttempt } from '@quizcast/contract/schemas/quiz';
import { AttemptRunner, flowReducer } from './attempt-runner';
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

function renderRunner() {
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
  });
});

describe('flowReducer', () => {
  it('cannot start a submission while time-up is submitting, nor go back to running from time-up', () => {
    const timeUp = flowReducer({ phase: 'running' }, { type: 'time-up' });
    expect(timeUp).toEqual({ phase: 'time-up', outcome: { kind: 'submitting' } });
    expect(flowReducer(timeUp, { type: 'submit' })).toBe(timeUp);
    expect(flowReducer(timeUp, { type: 'submit-failed' })).toBe(timeUp);
    const submitting = flowReducer({ phase: 'running' }, { type: 'submit' });
    expect(flowReducer(submitting, { type: 'time-up' })).toBe(submitting);
    expect(flowReducer(submitting, { type: 'submit-failed' })).toEqual({ phase: 'running' });
  });
});
