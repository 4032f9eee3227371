import { useCallback, useState } from 'react';
import { STORAGE_KEYS } from '@quizcast/contract/constants';
import { storage } from '../lib/storage';

/** What a key does in audio mode. */
export type AudioModeAction =
  | { type: 'choose'; index: number }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'replay' }
  | { type: 'pause' }
  | { type: 'submit' }
  | { type: 'closeSection' };

const TEXT_INPUT_TYPES = new Set([
  'text',
  'search',
  'email',
  'tel',
  'url',
  'password',
  'number',
  'date',
  'time',
  'datetime-local',
  'month',
  'week',
]);

/** True when keys belong to what has focus: text typing, a select, or an editable element. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(target.type);
}

/** Space activates focused buttons and links; it pauses only when focus is elsewhere. */
function isActivatable(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target instanceof HTMLButtonElement ||
      target instanceof HTMLAnchorElement ||
      target.getAttribute('role') === 'button')
  );
}

/**
 * The audio-mode action of a key: 1–6 or A–F choose, N or → next, P or ← previous, R replay,
 * Space pause/resume, S submit, X close a locked section early (issue 26; C is a choice). Nothing while
 * typing or with Ctrl/Alt/Meta held.
 */
export function audioModeAction(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey' | 'target'>,
  choiceCount: number,
): AudioModeAction | null {
  if (event.ctrlKey || event.altKey || event.metaKey || isTypingTarget(event.target)) return null;
  const key = event.key;
  if (/^[1-6]$/.test(key)) {
    const index = Number(key) - 1;
    return index < choiceCount ? { type: 'choose', index } : null;
  }
  const lower = key.length === 1 ? key.toLowerCase() : key;
  if (/^[a-f]$/.test(lower)) {
    const index = lower.charCodeAt(0) - 97;
    return index < choiceCount ? { type: 'choose', index } : null;
  }
  switch (lower) {
    case 'n':
    case 'ArrowRight':
      return { type: 'next' };
    case 'p':
    case 'ArrowLeft':
      return { type: 'previous' };
    case 'r':
      return { type: 'replay' };
    case ' ':
      return isActivatable(event.target) ? null : { type: 'pause' };
    case 's':
      return { type: 'submit' };
    case 'x':
      return { type: 'closeSection' };
    default:
      return null;
  }
}

/** A spoken time warning: so many minutes or seconds left (worded by the screen, in its language). */
export interface TimeWarning {
  unit: 'minutes' | 'seconds';
  count: number;
}

const WARNINGS: readonly { atMs: number; warning: TimeWarning }[] = [
  { atMs: 5 * 60_000, warning: { unit: 'minutes', count: 5 } },
  { atMs: 60_000, warning: { unit: 'minutes', count: 1 } },
  { atMs: 10_000, warning: { unit: 'seconds', count: 10 } },
];

/** The spoken warning due when the time left goes from `previousMs` to `remainingMs`, if any. */
export function timeWarning(previousMs: number, remainingMs: number): TimeWarning | null {
  if (remainingMs <= 0) return null;
  const crossed = WARNINGS.filter((w) => previousMs > w.atMs && remainingMs <= w.atMs);
  return crossed.at(-1)?.warning ?? null;
}

/** Audio mode on or off, remembered on this device. */
export function useAudioModeSetting(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => storage.get(STORAGE_KEYS.audioMode) === '1');
  const set = useCallback((next: boolean) => {
    setOn(next);
    if (next) storage.set(STORAGE_KEYS.audioMode, '1');
    else storage.remove(STORAGE_KEYS.audioMode);
  }, []);
  return [on, set];
}
