import { useEffect, useRef } from 'react';
import { audioModeAction } from './audio-mode';

/** What each audio-mode key does on the attempt screen. */
export interface AudioKeyActions {
  choose(index: number): void;
  next(): void;
  previous(): void;
  replay(): void;
  pause(): void;
  submit(): void;
  /** X: close a locked section early (the attempt screen only; elsewhere X does nothing). */
  closeSection?(): void;
}

/**
 * Audio mode's keyboard (the keys are `audioModeAction`'s): listened to
 * on the window while `active`, with the latest handlers (one listener for the screen's life).
 */
export function useAudioKeys(active: boolean, choiceCount: number, actions: AudioKeyActions): void {
  const keyHandler = useRef<(event: KeyboardEvent) => void>(() => undefined);
  const onAudioKey = (event: KeyboardEvent) => {
    if (!active) return;
    const action = audioModeAction(event, choiceCount);
    if (!action || (action.type === 'closeSection' && !actions.closeSection)) return;
    event.preventDefault();
    switch (action.type) {
      case 'choose':
        actions.choose(action.index);
        break;
      case 'next':
        actions.next();
        break;
      case 'previous':
        actions.previous();
        break;
      case 'replay':
        actions.replay();
        break;
      case 'pause':
        actions.pause();
        break;
      case 'submit':
        actions.submit();
        break;
      case 'closeSection':
        actions.closeSection?.();
        break;
    }
  };
  useEffect(() => {
    keyHandler.current = onAudioKey;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => keyHandler.current(event);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
