import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PracticeAttempt, PracticeSubmitResponse } from '@quizcast/contract/schemas/practice';
import { practiceAttemptQueryOptions, useSubmitPractice } from './practice';

// Issue 27's bench: a submission answers only the result; the attempt on screen takes it, keeping
// the questions it already holds, so the result screen shows every question with its feedback.

const attempt: PracticeAttempt = {
  _id: 'p1',
  kind: 'drill',
  quizId: null,
  title: 'History',
  exam: 'UPSC',
  timed: false,
  instantFeedback: false,
  startedAt: '2026-11-28T10:00:00.000Z',
  deadlineAt: null,
  serverNow: '2026-11-28T10:00:00.000Z',
  status: 'in_progress',
  questions: [{ _id: 'q1', qn: 'Capital?', choices: ['Delhi', 'Mumbai'], lang: 'en', audioUrl: null }],
  savedAnswers: [],
  feedback: [],
  result: null,
};
const submitted: PracticeSubmitResponse = {
  _id: 'p1',
  status: 'submitted',
  result: {
    score: 1,
    maxScore: 1,
    correctCount: 1,
    wrongCount: 0,
    totalQuestions: 1,
    elapsedMs: 5000,
    predictedRank: null,
    feedback: [{ qnId: 'q1', outcome: 'right', correctAnswer: 'Delhi', explanation: 'The capital.' }],
  },
};

const sent: { url: string; method?: string }[] = [];

beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, method: init?.method });
      return new Response(JSON.stringify(submitted), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('submitting a practice', () => {
  it('adds the result to the attempt on screen, keeping its questions, without reading it again', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = practiceAttemptQueryOptions('p1').queryKey;
    client.setQueryData(key, attempt);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useSubmitPractice('p1'), { wrapper });

    act(() => result.current.mutate([{ qnId: 'q1', selectedOption: 'Delhi' }]));

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(client.getQueryData(key)).toEqual({ ...attempt, status: 'submitted', result: submitted.result });
    expect(sent).toEqual([
      { url: expect.stringMatching(/\/api\/practice\/attempts\/p1\/submit$/), method: 'POST' },
    ]);
  });
});
