import { QUESTION_AUDIO_MAX_BYTES, QUESTION_AUDIO_MESSAGES } from '@quizcast/contract/schemas/question-audio';
import {
  RECORDING_MAX_MS,
  RECORDING_MESSAGES,
  RECORDING_STOP_BYTES,
  microphoneErrorMessage,
  pickRecordingMimeType,
  recordingSupport,
} from './recording';

export type RecorderStatus = 'idle' | 'requesting' | 'recording' | 'stopping' | 'recorded';

/** A finished take, playable at `url` (an object URL, revoked when the take is discarded). */
export interface RecordingTake {
  blob: Blob;
  url: string;
  mimeType: string;
  durationMs: number;
}

export interface RecorderState {
  status: RecorderStatus;
  elapsedMs: number;
  take: RecordingTake | null;
  /** Why recording could not start or failed (shown as an alert). */
  error: string | null;
  /** Why a take stopped by itself (time or size limit). */
  notice: string | null;
}

const INITIAL: RecorderState = { status: 'idle', elapsedMs: 0, take: null, error: null, notice: null };

interface ActiveTake {
  stream: MediaStream;
  recorder: MediaRecorder;
  chunks: Blob[];
  bytes: number;
  startedAt: number;
  timer: ReturnType<typeof setInterval> | undefined;
  notice: string | null;
}

/** How often the elapsed time is refreshed, and how often the recorder hands over data. */
const TICK_MS = 250;
const TIMESLICE_MS = 1000;

function releaseStream(stream: MediaStream) {
  for (const track of stream.getTracks()) track.stop();
}

/**
 * One microphone take at a time, through `getUserMedia` and `MediaRecorder`: start, stop (by hand, at
 * two minutes, or near 5 MB), then keep or discard the take. The microphone is released as soon as a
 * take ends and on `dispose()`; object URLs are revoked when a take is dropped. Framework-free: the
 * hook subscribes to it like an external store.
 */
export class MicrophoneRecorder {
  private state: RecorderState = INITIAL;
  private readonly listeners = new Set<() => void>();
  private active: ActiveTake | null = null;
  /** Bumped by every start and dispose, so a late `getUserMedia` answer is dropped (and released). */
  private attempt = 0;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getState = (): RecorderState => this.state;

  async start(): Promise<void> {
    if (this.state.status === 'requesting' || this.active) return;
    this.dropTake();
    const support = recordingSupport();
    if (support !== 'supported') {
      this.set({ ...INITIAL, error: RECORDING_MESSAGES[support] });
      return;
    }
    const attempt = ++this.attempt;
    this.set({ ...INITIAL, status: 'requesting' });

    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (err) {
      if (attempt === this.attempt) this.set({ ...INITIAL, error: microphoneErrorMessage(err) });
      return;
    }
    if (attempt !== this.attempt) {
      releaseStream(stream);
      return;
    }

    let recorder: MediaRecorder;
    try {
      const mimeType =
        typeof MediaRecorder.isTypeSupported === 'function'
          ? pickRecordingMimeType((type) => MediaRecorder.isTypeSupported(type))
          : undefined;
      recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    } catch (err) {
      releaseStream(stream);
      this.set({ ...INITIAL, error: microphoneErrorMessage(err) });
      return;
    }

    const take: ActiveTake = {
      stream,
      recorder,
      chunks: [],
      bytes: 0,
      startedAt: Date.now(),
      timer: undefined,
      notice: null,
    };
    recorder.ondataavailable = (event) => {
      if (event.data.size === 0) return;
      take.chunks.push(event.data);
      take.bytes += event.data.size;
      if (take.bytes >= RECORDING_STOP_BYTES) this.stop(RECORDING_MESSAGES.sizeLimit);
    };
    recorder.onstop = () => this.finish(take);
    recorder.onerror = (event) => this.fail(take, (event as Event & { error?: unknown }).error);
    this.active = take;
    try {
      recorder.start(TIMESLICE_MS);
    } catch (err) {
      this.fail(take, err);
      return;
    }
    take.startedAt = Date.now();
    take.timer = setInterval(() => this.tick(take), TICK_MS);
    this.set({ status: 'recording', elapsedMs: 0 });
  }

  /** Ends the take; the preview follows once the recorder has handed over its last data. */
  stop(notice: string | null = null): void {
    const take = this.active;
    if (!take || this.state.status !== 'recording') return;
    take.notice = notice;
    clearInterval(take.timer);
    this.set({ status: 'stopping', elapsedMs: Date.now() - take.startedAt });
    if (take.recorder.state === 'inactive') this.finish(take);
    else take.recorder.stop();
  }

  /** Drops the take (or a message) and goes back to the Record button. */
  discard(): void {
    this.dropTake();
    this.set(INITIAL);
  }

  /** Stops everything (the microphone included) and revokes the preview: call on unmount. */
  dispose(): void {
    this.attempt += 1;
    const take = this.active;
    if (take) this.abandon(take);
    this.dropTake();
    this.state = INITIAL;
  }

  private tick(take: ActiveTake) {
    if (this.active !== take) return;
    const elapsedMs = Date.now() - take.startedAt;
    if (elapsedMs >= RECORDING_MAX_MS) this.stop(RECORDING_MESSAGES.timeLimit);
    else if (Math.floor(elapsedMs / 1000) !== Math.floor(this.state.elapsedMs / 1000))
      this.set({ elapsedMs });
  }

  private finish(take: ActiveTake) {
    if (this.active !== take) return;
    this.abandon(take);
    const mimeType = take.recorder.mimeType || take.chunks[0]?.type || 'audio/webm';
    const blob = new Blob(take.chunks, { type: mimeType });
    const durationMs = Math.min(Date.now() - take.startedAt, RECORDING_MAX_MS);
    if (blob.size === 0) {
      this.set({ ...INITIAL, error: RECORDING_MESSAGES.empty });
      return;
    }
    if (blob.size > QUESTION_AUDIO_MAX_BYTES) {
      this.set({ ...INITIAL, error: QUESTION_AUDIO_MESSAGES.tooLarge });
      return;
    }
    const url = URL.createObjectURL(blob);
    this.set({
      status: 'recorded',
      elapsedMs: durationMs,
      take: { blob, url, mimeType, durationMs },
      error: null,
      notice: take.notice,
    });
  }

  private fail(take: ActiveTake, err: unknown) {
    if (this.active !== take) return;
    this.abandon(take);
    this.set({ ...INITIAL, error: microphoneErrorMessage(err) });
  }

  /** Detaches the recorder, stops it if it still runs and releases the microphone. */
  private abandon(take: ActiveTake) {
    clearInterval(take.timer);
    take.recorder.ondataavailable = null;
    take.recorder.onstop = null;
    take.recorder.onerror = null;
    if (take.recorder.state !== 'inactive') {
      try {
        take.recorder.stop();
      } catch {
        // Already stopping: the tracks below end it either way.
      }
    }
    releaseStream(take.stream);
    if (this.active === take) this.active = null;
  }

  private dropTake() {
    if (!this.state.take) return;
    URL.revokeObjectURL(this.state.take.url);
    this.state = { ...this.state, take: null };
  }

  private set(next: Partial<RecorderState>) {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }
}
