import { useEffect, useState, useSyncExternalStore } from 'react';
import { MicrophoneRecorder, type RecorderState } from '../lib/microphone-recorder';

/** A microphone recorder for one component: its state, and the recorder to start, stop or discard. */
export function useMicrophoneRecorder(): [RecorderState, MicrophoneRecorder] {
  const [recorder] = useState(() => new MicrophoneRecorder());
  const state = useSyncExternalStore(recorder.subscribe, recorder.getState);
  // Leaving the editor (or removing the question) releases the microphone and the preview.
  useEffect(() => () => recorder.dispose(), [recorder]);
  return [state, recorder];
}
