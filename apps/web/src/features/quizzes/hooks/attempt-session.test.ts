import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Answer, QuizAttempt } from '@quizcast/contract/schemas/quiz';
import type { ApiError } from '../../../lib/api-client';
import { readState, snapshotKey, stateKey, writeState } from './attempt-device-copy';
import { AttemptSession, AUTOSAVE_DEBOUNCE_MS } from './attempt-session';

const USER = 'user-1';
const attempt: QuizAttempt = {
  _id: 'quiz-1',
  name: 'Quiz',
  desc: '',
  duration: 10,
  startedAt: '2026-11-22T10:00:00.000Z',
  deadlineAt: '2099-11-22T10:10:00.000Z',
  serverNow: '2026-11-22T10:02:00.000Z',
  questions: [
    { _id: 'q1', qn: 'One', choices: ['a', 'b'], lang: 'en', audioUrl: null },
    { _id: 'q2', qn: 'Two', choices: ['c', 'd'], lang: 'en', audioUrl: null },
    { _id: 'q3', qn: 'Three', choices: ['e', 'f'], lang: 'en', audioUrl: null },
  ],
  savedAnswers: [],
};

/** The network edge: records every save and answers as told. */
function fakeTransport() {
  const calls: { answers: Answer[]; keepalive: boolean }[] = [];
  let fail: ApiError | null = null;
  return {
    calls,
    failWith(error: ApiError | null) {
      fail = error;
    },
    transport: {
      save: (_quizId: string, answers: Answer[], options: { keepalive: boolean }) => {
        calls.push({ answers, keepalive: options.keepalive });
        return fail ? Promise.reject(fail) : Promise.resolve({});
      },
    },
  };
}

let clock = 0;
function session(
  net: ReturnType<typeof fakeTransport>,
  serverAnswers: Answer[] | null = [],
  onRefused = vi.fn(),
) {
  return new AttemptSession({
    userId: USER,
    attempt,
    clockOffsetMs: 0,
    serverAnswers,
    transport: net.transport,
    onRefused,
    now: () => clock,
  });
}
const OFFLINE: ApiError = { status: 0, message: 'No response received from server' };
const responses = (answers: Answer[]) => Object.fromEntries(answers.map((a) => [a.qnId, a.selectedOption]));

beforeEach(() => {
  vi.useFakeTimers();
  window.localStorage.clear();
  clock = 0;
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('AttemptSession', () => {
  it('sends only unacknowledged entries, debounced, each with its seq', async () => {
    const net = fakeTransport();
    const s = session(net);
    s.attach();
    await vi.advanceTimersByTimeAsync(0); // q1 visited on arrival
    s.choose('q1', 'a');
    s.choose('q1', 'b');
    expect(net.calls.length).toBe(1);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    expect(net.calls.length).toBe(2);
    expect(net.calls[1]!.answers).toEqual([
      expect.objectContaining({ qnId: 'q1', selectedOption: 'b', visited: true, seq: 3 }),
    ]);
    expect(s.getSnapshot()).toMatchObject({ sync: 'saved', waiting: 0 });
    s.detach();
  });

  it('stops retrying and stops writing the device copy once the screen is left (no orphan loop)', async () => {
    const net = fakeTransport();
    net.failWith(OFFLINE);
    const s = session(net);
    s.attach();
    s.choose('q1', 'a');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    const sent = net.calls.length;
    s.detach();
    const copy = window.localStorage.getItem(stateKey(USER, attempt._id));
    // Meanwhile the learner answers on the next screen (another session of the same attempt).
    const stored = readState(USER, attempt._id)!;
    writeState(USER, { ...stored, seq: 99, entries: { ...stored.entries } });
    const newer = window.localStorage.getItem(stateKey(USER, attempt._id));
    expect(newer).not.toBe(copy);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(net.calls.length).toBe(sent);
    expect(window.localStorage.getItem(stateKey(USER, attempt._id))).toBe(newer);
  });

  it('backs off failed saves (2 s, 4 s, 8 s …) and sends at once when the connection returns', async () => {
    const net = fakeTransport();
    net.failWith(OFFLINE);
    const s = session(net);
    s.attach();
    await vi.advanceTimersByTimeAsync(0);
    const first = net.calls.length; // the visit of q1
    expect(first).toBe(1);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(net.calls.length).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(net.calls.length).toBe(2);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(net.calls.length).toBe(3);
    await vi.advanceTimersByTimeAsync(7_999);
    expect(net.calls.length).toBe(3);
    expect(s.getSnapshot()).toMatchObject({ sync: 'offline', waiting: 1 });
    net.failWith(null);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(net.calls.length).toBe(4);
    expect(s.getSnapshot()).toMatchObject({ sync: 'saved', waiting: 0 });
    s.detach();
  });

  it('sends what waits with keepalive as soon as the page is hidden, and stops the question clock', async () => {
    const net = fakeTransport();
    const s = session(net);
    s.attach();
    await vi.advanceTimersByTimeAsync(0);
    clock = 5_000;
    s.choose('q2', 'c');
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(net.calls.at(-1)).toMatchObject({ keepalive: true });
    expect(responses(net.calls.at(-1)!.answers)).toMatchObject({ q2: 'c' });
    clock = 65_000; // a minute in another app
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    clock = 67_000;
    s.goTo(1);
    const q1 = s.getSnapshot().entries.q1!;
    expect(q1.timeSpentMs).toBe(7_000); // 5 s before hiding + 2 s after, not the minute away
    s.detach();
  });

  it('resumes from the device state, not a stale snapshot, and a newer server answer wins over an older local one', () => {
    // The device holds q1 = b (seq 7, not yet acknowledged) and q2 = c (seq 2, acknowledged).
    writeState(USER, {
      version: 2,
      quizId: attempt._id,
      startedAt: attempt.startedAt,
      deadlineAt: attempt.deadlineAt,
      entries: {
        q1: {
          qnId: 'q1',
          selectedOption: 'b',
          markedForReview: false,
          visited: true,
          timeSpentMs: 0,
          seq: 7,
        },
        q2: { qnId: 'q2', selectedOption: 'c', markedForReview: true, visited: true, timeSpentMs: 0, seq: 2 },
      },
      acked: { q2: 2 },
      seq: 7,
      currentIndex: 1,
      submissionId: 'sub-kept-across-reloads',
    });
    // Offline reload: the snapshot's own (old) copy of the answers plays no part.
    const offline = session(fakeTransport(), null);
    expect(offline.getSnapshot().entries.q1?.selectedOption).toBe('b');
    expect(offline.getSnapshot().currentIndex).toBe(1);
    expect(offline.getSnapshot().waiting).toBe(1);
    expect(offline.submission().submissionId).toBe('sub-kept-across-reloads');

    // Online reload: another device saved q2 = d with seq 9 meanwhile.
    const online = session(fakeTransport(), [
      { qnId: 'q1', selectedOption: 'a', seq: 5, visited: true },
      { qnId: 'q2', selectedOption: 'd', seq: 9, visited: true },
    ]);
    const entries = online.getSnapshot().entries;
    expect(entries.q1?.selectedOption).toBe('b');
    expect(entries.q2?.selectedOption).toBe('d');
    // New changes are numbered above everything known.
    online.choose('q3', 'e');
    expect(online.getSnapshot().entries.q3?.seq).toBeGreaterThan(9);
  });

  it('keeps the attempt once and the answers apart; reports a device that refuses to store', () => {
    session(fakeTransport());
    const snapshot = JSON.parse(window.localStorage.getItem(snapshotKey(USER, attempt._id))!);
    expect(snapshot.attempt.questions).toHaveLength(3);
    expect(snapshot.attempt.savedAnswers).toEqual([]);
    window.localStorage.clear();

    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const s = session(fakeTransport());
    expect(s.getSnapshot().storageProblem).toBe(true);
  });

  it('removes device copies of finished attempts and of the old format', () => {
    window.localStorage.setItem('QUIZ_ATTEMPT_DRAFT:user-1:old', '{}');
    writeState(USER, {
      version: 2,
      quizId: 'ended',
      startedAt: '2020-01-01T00:00:00.000Z',
      deadlineAt: '2020-01-01T00:10:00.000Z',
      entries: {},
      acked: {},
      seq: 0,
      currentIndex: 0,
      submissionId: 'sub-x',
    });
    window.localStorage.setItem(snapshotKey(USER, 'ended'), '{}');
    session(fakeTransport());
    expect(window.localStorage.getItem('QUIZ_ATTEMPT_DRAFT:user-1:old')).toBeNull();
    expect(window.localStorage.getItem(stateKey(USER, 'ended'))).toBeNull();
    expect(window.localStorage.getItem(snapshotKey(USER, 'ended'))).toBeNull();
    expect(window.localStorage.getItem(stateKey(USER, attempt._id))).not.toBeNull();
  });

  it('stops for good on 409 and tells the screen', async () => {
    const net = fakeTransport();
    const refused = vi.fn();
    const s = session(net, [], refused);
    s.attach();
    net.failWith({ status: 409, message: 'Already Submitted' });
    await vi.advanceTimersByTimeAsync(0);
    expect(refused).toHaveBeenCalledWith(expect.objectContaining({ status: 409 }));
    s.choose('q1', 'a');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(net.calls.length).toBe(1);
    s.detach();
  });

  it('clears a response as an explicit newer entry, and marks for review', async () => {
    const net = fakeTransport();
    const s = session(net);
    s.attach();
    s.choose('q1', 'a');
    s.mark('q1', true);
    s.clear('q1');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    expect(net.calls.at(-1)!.answers).toEqual([
      expect.objectContaining({ qnId: 'q1', selectedOption: null, markedForReview: true }),
    ]);
    s.detach();
  });
});

describe('AttemptSession and closed sections (issue 26)', () => {
  it('takes no change to a locked question, and drops refused changes while keeping the rest', async () => {
    const net = fakeTransport();
    const refused = vi.fn();
    const s = session(net, [], refused);
    s.attach();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    s.choose('q1', 'a');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS); // acknowledged
    // The section closes; a change still waits for q1 and the server refuses the batch.
    s.choose('q1', 'b');
    s.goTo(1);
    s.choose('q2', 'c');
    net.failWith({ status: 409, message: 'This section is closed. Its answers can no longer be changed.' });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    expect(refused).toHaveBeenCalledTimes(1);
    s.lock(['q1']);
    s.dropPending(['q1']);
    s.choose('q1', 'a'); // ignored: its section is closed
    net.failWith(null);
    const before = net.calls.length;
    s.resume();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    const sent = net.calls.slice(before).flatMap((c) => c.answers.map((a) => a.qnId));
    expect(sent).toContain('q2');
    expect(sent).not.toContain('q1');
    expect(s.getSnapshot()).toMatchObject({ sync: 'saved', waiting: 0 });
    s.detach();
  });
});
