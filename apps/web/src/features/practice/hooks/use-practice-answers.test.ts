import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PracticeAttempt, PracticeFeedback } from '@quizcast/contract/schemas/practice';
import { readPracticeCopy } from '../lib/practice-device-copy';
import { usePracticeAnswers } from './use-practice-answers';

// Issue 28: the daily five offline. Its key travels with the attempt (offlineKey), so the device
// gives instant feedback without the server; the answers are kept and sent when the connection returns.

const keyed = {
  correctAnswer: 'Delhi',
  explanation: 'Delhi is the capital.',
};
const attempt = {
  _id: 'd5',
  kind: 'daily_five',
  instantFeedback: true,
  questions: [
    { _id: 'q1', qn: 'Capital?', choices: ['Delhi', 'Mumbai'] },
    { _id: 'q2', qn: '2 + 2?', choices: ['3', '4'] },
  ],
  savedAnswers: [],
  feedback: [],
  offlineKey: [
    { qnId: 'q1', outcomes: { Delhi: 'right', Mumbai: 'wrong' }, feedback: keyed },
    {
      qnId: 'q2',
      outcomes: { '3': 'wrong', '4': 'right' },
      feedback: { correctAnswer: '4', explanation: null },
    },
  ],
} as unknown as PracticeAttempt;

let online = false;
const saves: unknown[] = [];

beforeEach(() => {
  localStorage.clear();
  saves.length = 0;
  online = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (!online) throw new TypeError('Failed to fetch');
      const body = JSON.parse(String(init?.body)) as { answers: { qnId: string; selectedOption: string }[] };
      saves.push({ url, method: init?.method, body });
      const feedback: PracticeFeedback[] = body.answers.map((a) => ({
        qnId: a.qnId,
        outcome: a.selectedOption === 'Mumbai' ? 'wrong' : 'right',
        correctAnswer: a.qnId === 'q1' ? 'Delhi' : '4',
        explanation: null,
      }));
      return new Response(JSON.stringify({ savedAt: new Date().toISOString(), feedback }), { status: 200 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the daily five offline (issue 28)', () => {
  it('gives feedback from its key without the server, keeps the answer, and syncs it when back online', async () => {
    const heard: PracticeFeedback[][] = [];
    const { result } = renderHook(() => usePracticeAnswers(attempt, 'u1', (f) => heard.push(f)));

    act(() => result.current.answer('q1', 'Mumbai'));
    // Instant feedback from the key, spoken once (audio mode), before any server reply.
    expect(result.current.feedback.get('q1')).toEqual({ qnId: 'q1', outcome: 'wrong', ...keyed });
    expect(heard).toEqual([[{ qnId: 'q1', outcome: 'wrong', ...keyed }]]);
    await waitFor(() => expect(result.current.problem).toEqual({ kind: 'offline' }));
    expect(result.current.unsentCount).toBe(1);
    // Kept on the device: a reload without network reopens it with the answer.
    expect(readPracticeCopy('u1', 'd5')?.answers.q1).toEqual({ selectedOption: 'Mumbai', seq: 1 });
    expect(saves).toEqual([]);

    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(result.current.unsentCount).toBe(0));
    expect(saves).toEqual([
      {
        url: '/api/practice/attempts/d5/answers',
        method: 'PUT',
        body: { answers: [{ qnId: 'q1', selectedOption: 'Mumbai', seq: 1 }] },
      },
    ]);
    expect(result.current.problem).toBeNull();
    // The server's judgement is kept; the feedback already heard is not spoken twice.
    expect(result.current.feedback.get('q1')?.outcome).toBe('wrong');
    expect(heard).toHaveLength(1);
  });

  it('gives no feedback offline to a practice without a key (the server judges it)', async () => {
    const plain = { ...attempt, kind: 'quiz', offlineKey: undefined } as PracticeAttempt;
    const { result } = renderHook(() => usePracticeAnswers(plain, 'u1'));
    act(() => result.current.answer('q2', '4'));
    expect(result.current.feedback.get('q2')).toBeUndefined();
    expect(result.current.unsent('q2')).toBe(true);
  });
});
