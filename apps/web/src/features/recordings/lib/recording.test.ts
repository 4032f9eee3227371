import { describe, expect, it } from 'vitest';
import {
  RECORDING_MESSAGES,
  formatElapsed,
  microphoneErrorMessage,
  pickRecordingMimeType,
  recordingExtension,
} from './recording';

describe('recording helpers', () => {
  it('picks the first container the browser records, or leaves the choice to it', () => {
    expect(pickRecordingMimeType(() => true)).toBe('audio/webm;codecs=opus');
    expect(pickRecordingMimeType((t) => t.startsWith('audio/ogg'))).toBe('audio/ogg;codecs=opus');
    expect(pickRecordingMimeType((t) => t === 'audio/mp4')).toBe('audio/mp4');
    expect(pickRecordingMimeType(() => false)).toBeUndefined();
  });

  it('names the file with the extension of what was recorded', () => {
    expect(recordingExtension('audio/webm;codecs=opus')).toBe('webm');
    expect(recordingExtension('audio/ogg; codecs=opus')).toBe('ogg');
    expect(recordingExtension('audio/mp4')).toBe('m4a');
    expect(recordingExtension('audio/mpeg')).toBe('mp3');
  });

  it('shows elapsed time as m:ss', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(1_999)).toBe('0:01');
    expect(formatElapsed(65_000)).toBe('1:05');
    expect(formatElapsed(120_000)).toBe('2:00');
  });

  it('explains microphone failures by their DOMException name', () => {
    expect(microphoneErrorMessage(new DOMException('x', 'NotAllowedError'))).toBe(RECORDING_MESSAGES.denied);
    expect(microphoneErrorMessage(new DOMException('x', 'NotFoundError'))).toBe(RECORDING_MESSAGES.noDevice);
    expect(microphoneErrorMessage(new DOMException('x', 'NotReadableError'))).toBe(RECORDING_MESSAGES.busy);
    expect(microphoneErrorMessage(new Error('codec exploded'))).toBe('Recording failed: codec exploded');
  });
});
