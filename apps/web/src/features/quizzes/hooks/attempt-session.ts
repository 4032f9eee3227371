import type { Answer, QuizAttempt } from '@quizcast/contract/schemas/quiz';
import { isApiError, type ApiError } from '../../../lib/api-client';
import {
  clearDeviceCopy,
  pendingEntries,
  pruneDeviceCopies,
  readState,
  resumeState,
  toAnswers,
  writeSnapshot,
  writeState,
  type AttemptState,
  type Entry,
} from './attempt-device-copy';

/** Wait this long after the last change before sending (a burst of taps is one request). */
export const AUTOSAVE_DEBOUNCE_MS = 800;
/** Failed sends are retried after 2 s, 4 s, 8 s, 16 s, then every 30 s (and at once on reconnect). */
export const RETRY_BASE_MS = 2_000;
export const RETRY_MAX_MS = 30_000;

export type SyncState = 'saved' | 'pending' | 'saving' | 'offline' | 'error';

/** What the screen shows; a new object on every change (for useSyncExternalStore). */
export interface SessionView {
  entries: Readonly<Record<string, Entry>>;
  currentIndex: number;
  sync: SyncState;
  /** Questions whose latest change waits on this device. */
  waiting: number;
  /** The device refused to store the answers (full or blocked storage). */
  storageProblem: boolean;
}

export interface SessionTransport {
  save(quizId: string, answers: Answer[], options: { keepalive: boolean }): Promise<unknown>;
}

export interface AttemptSessionOptions {
  userId: string;
  attempt: QuizAttempt;
  clockOffsetMs: number;
  /** The server's saved entries; null when the attempt was opened from the device copy. */
  serverAnswers: Answer[] | null;
  transport: SessionTransport;
  /** The server refused a save with 409 (submitted elsewhere, or time over and auto-submitted). */
  onRefused?(error: ApiError): void;
  /** Monotonic milliseconds, for time on screen. */
  now?: () => number;
}

const blankEntry = (qnId: string): Entry => ({
  qnId,
  selectedOption: null,
  markedForReview: false,
  visited: false,
  timeSpentMs: 0,
  seq: 0,
});

/**
 * The running attempt's answers on this device (ADR 016), outside React so it can be tested with fake
 * timers and outlives no screen: every change gets the next seq, is written to the device at once and
 * sent debounced (only the entries the server has not acknowledged); failed sends back off; hiding the
 * page sends what waits with `keepalive`. After `detach()` (the screen left) nothing is sent, retried or
 * written any more.
 */
export class AttemptSession {
  private state: AttemptState;
  private view: SessionView;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: Promise<boolean> | null = null;
  private failures = 0;
  private stopped = false;
  private attached = false;
  /** Set by detach(): from then on nothing is written to the device. */
  private detached = false;
  private snapshotProblem = false;
  private stateProblem = false;
  /** When the current question came on screen (null while the page is hidden or saving stopped). */
  private shownAt: number | null = null;
  private readonly now: () => number;
  /** Questions of a locked quiz's closed sections (issue 26): no change to them is made any more. */
  private readonly locked = new Set<string>();

  constructor(private readonly options: AttemptSessionOptions) {
    const { userId, attempt, clockOffsetMs, serverAnswers } = options;
    this.now = options.now ?? (() => performance.now());
    this.refused = options.onRefused ?? (() => undefined);
    pruneDeviceCopies(Date.now() + clockOffsetMs);
    this.state = resumeState(readState(userId, attempt._id), attempt, serverAnswers);
    if (serverAnswers) {
      // The attempt itself is stored once per load, without the answers (they live in the state).
      this.snapshotProblem = !writeSnapshot(userId, {
        version: 2,
        attempt: { ...attempt, savedAnswers: [] },
        clockOffsetMs,
      });
    }
    this.view = this.makeView('saved');
    this.markVisited(this.state.currentIndex);
    this.persist();
    this.view = this.makeView(pendingEntries(this.state).length ? 'pending' : 'saved');
  }

  private refused: (error: ApiError) => void;

  /** Who hears about a 409 (the screen's current handler). */
  setRefusedHandler(handler: (error: ApiError) => void): void {
    this.refused = handler;
  }

  // ── React binding ────────────────────────────────────────────────────────────────────────────

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SessionView => this.view;

  /** Start working: events, time on screen, and sending what waited from before a reload. */
  attach(): void {
    this.attached = true;
    this.detached = false;
    window.addEventListener('online', this.onOnline);
    document.addEventListener('visibilitychange', this.onVisibility);
    if (document.visibilityState !== 'hidden') this.shownAt = this.now();
    if (pendingEntries(this.state).length) this.schedule(0);
  }

  /** The screen is gone: stop every timer and request (the orphan retry loop cannot happen). */
  detach(): void {
    this.accountTime();
    this.attached = false;
    this.detached = true;
    window.removeEventListener('online', this.onOnline);
    document.removeEventListener('visibilitychange', this.onVisibility);
    clearTimeout(this.timer);
    this.shownAt = null;
  }

  // ── Learner actions ──────────────────────────────────────────────────────────────────────────

  choose(qnId: string, option: string): void {
    this.change(qnId, { selectedOption: option, visited: true });
  }

  /** Clear Response: an explicit entry with no choice, newer than the choice it clears. */
  clear(qnId: string): void {
    this.change(qnId, { selectedOption: null, visited: true });
  }

  mark(qnId: string, markedForReview: boolean): void {
    this.change(qnId, { markedForReview, visited: true });
  }

  goTo(index: number): void {
    if (index < 0 || index >= this.options.attempt.questions.length || this.stopped) return;
    this.accountTime();
    this.state = { ...this.state, currentIndex: index };
    this.markVisited(index);
    this.persist();
    this.publish();
  }

  /**
   * A locked section closed (issue 26): its questions take no more changes, time on screen included
   * (the server would refuse them: the screen locks before it moves on).
   */
  lock(qnIds: Iterable<string>): void {
    for (const id of qnIds) this.locked.add(id);
  }

  /**
   * The server refused changes to these questions (their section is closed): stop sending them. What
   * it acknowledged before stays on the server; only the refused, unacknowledged changes are dropped.
   */
  dropPending(qnIds: Iterable<string>): void {
    const acked = { ...this.state.acked };
    for (const id of qnIds) {
      const entry = this.state.entries[id];
      if (entry && entry.seq > (acked[id] ?? 0)) acked[id] = entry.seq;
    }
    this.state = { ...this.state, acked };
    this.persist();
    this.publish(pendingEntries(this.state).length ? 'pending' : 'saved');
  }

  // ── Sending ──────────────────────────────────────────────────────────────────────────────────

  /** Send every unacknowledged entry now (and keep going while more changes arrive). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    while (this.attached && !this.stopped) {
      if (this.inFlight) {
        if (!(await this.inFlight)) return;
        continue;
      }
      const pending = pendingEntries(this.state);
      if (!pending.length) return this.publish('saved');
      this.publish('saving');
      this.inFlight = this.send(pending, false);
      const ok = await this.inFlight;
      this.inFlight = null;
      if (!ok) return;
    }
  }

  /** Stop saving and keep the clock still (submitting, time up). */
  stop(): void {
    this.accountTime();
    this.stopped = true;
    this.shownAt = null;
    clearTimeout(this.timer);
  }

  /** Save again after a submission that did not go through. */
  resume(): void {
    this.stopped = false;
    if (document.visibilityState !== 'hidden') this.shownAt = this.now();
    void this.flush();
  }

  /** Every entry, time on screen included, for the submission. */
  submission(): { answers: Answer[]; submissionId: string } {
    this.accountTime();
    return { answers: toAnswers(Object.values(this.state.entries)), submissionId: this.state.submissionId };
  }

  /** The attempt is over: nothing of it stays on the device. */
  finish(): void {
    this.stop();
    this.detach();
    clearDeviceCopy(this.options.userId, this.options.attempt._id);
  }

  // ── Inside ───────────────────────────────────────────────────────────────────────────────────

  private change(qnId: string, patch: Partial<Entry>): void {
    if (this.stopped || this.locked.has(qnId)) return;
    const current = this.state.entries[qnId] ?? blankEntry(qnId);
    const seq = this.state.seq + 1;
    this.state = {
      ...this.state,
      seq,
      entries: { ...this.state.entries, [qnId]: { ...current, ...patch, qnId, seq } },
    };
    this.persist();
    this.publish(navigator.onLine ? 'pending' : 'offline');
    this.schedule(AUTOSAVE_DEBOUNCE_MS);
  }

  private markVisited(index: number): void {
    const question = this.options.attempt.questions[index];
    if (question && !this.state.entries[question._id]?.visited) this.change(question._id, { visited: true });
    if (document.visibilityState !== 'hidden' && this.attached) this.shownAt = this.now();
  }

  /** Add the time the current question has been on screen (foreground) to its entry. */
  private accountTime(): void {
    if (this.shownAt === null || this.stopped) return;
    const now = this.now();
    const spent = Math.round(now - this.shownAt);
    this.shownAt = now;
    if (spent < 1) return;
    const question = this.options.attempt.questions[this.state.currentIndex];
    if (!question) return;
    const current = this.state.entries[question._id] ?? blankEntry(question._id);
    this.change(question._id, { timeSpentMs: current.timeSpentMs + spent, visited: true });
  }

  private async send(pending: Entry[], keepalive: boolean): Promise<boolean> {
    try {
      await this.options.transport.save(this.options.attempt._id, toAnswers(pending), { keepalive });
    } catch (err) {
      if (!this.attached) return false;
      if (isApiError(err) && err.status === 409) {
        this.stopped = true;
        clearTimeout(this.timer);
        this.refused(err);
        return false;
      }
      this.failures += 1;
      this.publish(!isApiError(err) || err.status === 0 ? 'offline' : 'error');
      this.schedule(Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (this.failures - 1)));
      return false;
    }
    if (!this.attached) return false;
    const acked = { ...this.state.acked };
    for (const e of pending) acked[e.qnId] = Math.max(acked[e.qnId] ?? 0, e.seq);
    this.state = { ...this.state, acked };
    this.failures = 0;
    this.persist();
    this.publish(pendingEntries(this.state).length ? 'pending' : 'saved');
    return true;
  }

  private schedule(delayMs: number): void {
    if (!this.attached || this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), delayMs);
  }

  private readonly onOnline = () => {
    this.failures = 0;
    if (pendingEntries(this.state).length) void this.flush();
    else this.publish('saved');
  };

  /** Hidden: stop the question's clock and send what waits now, with keepalive. Visible: clock on. */
  private readonly onVisibility = () => {
    if (document.visibilityState === 'hidden') {
      this.accountTime();
      this.shownAt = null;
      const pending = pendingEntries(this.state);
      if (pending.length && !this.stopped) {
        clearTimeout(this.timer);
        void this.send(pending, true);
      }
    } else if (!this.stopped) {
      this.shownAt = this.now();
    }
  };

  private persist(): void {
    if (this.detached) return;
    this.stateProblem = !writeState(this.options.userId, this.state);
  }

  private makeView(sync: SyncState): SessionView {
    return {
      entries: this.state.entries,
      currentIndex: this.state.currentIndex,
      sync,
      waiting: pendingEntries(this.state).length,
      storageProblem: this.snapshotProblem || this.stateProblem,
    };
  }

  private publish(sync: SyncState = this.view.sync): void {
    this.view = this.makeView(sync);
    for (const listener of this.listeners) listener();
  }
}
