import { formatElapsed as formatElapsedSeconds } from '@quizcast/contract/domain/time-format';
import { QUESTION_AUDIO_MAX_BYTES } from '@quizcast/contract/schemas/question-audio';

/** Recording a question in the browser (MediaRecorder): the pure parts, kept apart for tests. */

/** Preferred containers, best first: Chromium and Firefox take webm/ogg Opus, Safari mp4. */
export const RECORDING_MIME_TYPES = [
  'audio/webm;codecs=opus',
  'audio/webm',
  'audio/ogg;codecs=opus',
  'audio/mp4',
] as const;

/** A take stops by itself after two minutes: questions are short, and this stays far below 5 MB. */
export const RECORDING_MAX_MS = 2 * 60_000;

/** A take also stops once its data nears the upload limit (the last chunk still has to fit). */
export const RECORDING_STOP_BYTES = Math.floor(QUESTION_AUDIO_MAX_BYTES * 0.9);

export const RECORDING_MESSAGES = {
  unsupported: 'Recording is not supported in this browser. Upload a file instead.',
  insecure: 'Recording is not supported on an insecure (http) connection. Upload a file instead.',
  denied: 'Microphone permission was denied. Allow it in the browser settings, or upload a file instead.',
  noDevice: 'No microphone was found. Connect one and try again, or upload a file instead.',
  busy: 'The microphone could not be started (another app may be using it). Try again, or upload a file instead.',
  empty: 'Nothing was recorded. Check the microphone and try again.',
  failed: 'Recording failed',
  timeLimit: 'Recording stopped at the 2-minute limit.',
  sizeLimit: 'Recording stopped before reaching the 5 MB limit.',
} as const;

/** The first supported type, or undefined to let the browser choose its default. */
export function pickRecordingMimeType(isTypeSupported: (type: string) => boolean): string | undefined {
  return RECORDING_MIME_TYPES.find((type) => isTypeSupported(type));
}

/** The file extension the server's format check expects for a recorder's MIME type. */
export function recordingExtension(mimeType: string): 'webm' | 'ogg' | 'm4a' | 'mp3' {
  const base = mimeType.split(';')[0]!.trim().toLowerCase();
  if (base === 'audio/ogg') return 'ogg';
  if (base === 'audio/mp4' || base === 'audio/aac' || base === 'audio/x-m4a') return 'm4a';
  if (base === 'audio/mpeg') return 'mp3';
  return 'webm';
}

/** `m:ss` for an elapsed time in milliseconds (whole seconds, rounded down), as the podium shows times. */
export function formatElapsed(ms: number): string {
  return formatElapsedSeconds(ms / 1000);
}

/** A plain message for a failed `getUserMedia` or recorder (by DOMException name). */
export function microphoneErrorMessage(err: unknown): string {
  const name = typeof err === 'object' && err !== null ? (err as { name?: unknown }).name : undefined;
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
    case 'PermissionDeniedError':
      return RECORDING_MESSAGES.denied;
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return RECORDING_MESSAGES.noDevice;
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return RECORDING_MESSAGES.busy;
    default: {
      const detail = err instanceof Error && err.message ? `: ${err.message}` : '';
      return `${RECORDING_MESSAGES.failed}${detail}`;
    }
  }
}

export type RecordingSupport = 'supported' | 'unsupported' | 'insecure';

/** Whether this page can record: MediaRecorder and getUserMedia exist (the latter only on https/localhost). */
export function recordingSupport(win: Window & typeof globalThis = window): RecordingSupport {
  const hasRecorder = typeof win.MediaRecorder === 'function';
  const hasMicrophone = typeof win.navigator?.mediaDevices?.getUserMedia === 'function';
  if (hasRecorder && hasMicrophone) return 'supported';
  if (win.isSecureContext === false) return 'insecure';
  return 'unsupported';
}
