import { describe, expect, it } from 'vitest';
import { audioModeAction, isTypingTarget, timeWarning } from './audio-mode';

const key = (k: string, target: EventTarget | null = document.body, mods: Partial<KeyboardEvent> = {}) =>
  ({ key: k, ctrlKey: false, altKey: false, metaKey: false, target, ...mods }) as KeyboardEvent;

describe('audioModeAction', () => {
  it('maps 1–6 and A–F to choices that exist', () => {
    expect(audioModeAction(key('1'), 4)).toEqual({ type: 'choose', index: 0 });
    expect(audioModeAction(key('4'), 4)).toEqual({ type: 'choose', index: 3 });
    expect(audioModeAction(key('B'), 4)).toEqual({ type: 'choose', index: 1 });
    expect(audioModeAction(key('d'), 4)).toEqual({ type: 'choose', index: 3 });
    expect(audioModeAction(key('5'), 4)).toBeNull();
    expect(audioModeAction(key('e'), 4)).toBeNull();
    expect(audioModeAction(key('f'), 6)).toEqual({ type: 'choose', index: 5 });
  });

  it('maps navigation, replay, pause and submit keys', () => {
    expect(audioModeAction(key('n'), 4)).toEqual({ type: 'next' });
    expect(audioModeAction(key('ArrowRight'), 4)).toEqual({ type: 'next' });
    expect(audioModeAction(key('P'), 4)).toEqual({ type: 'previous' });
    expect(audioModeAction(key('ArrowLeft'), 4)).toEqual({ type: 'previous' });
    expect(audioModeAction(key('r'), 4)).toEqual({ type: 'replay' });
    expect(audioModeAction(key(' '), 4)).toEqual({ type: 'pause' });
    expect(audioModeAction(key('S'), 4)).toEqual({ type: 'submit' });
    expect(audioModeAction(key('g'), 4)).toBeNull();
  });

  it('maps X to closing a locked section early (issue 26), not to a choice', () => {
    expect(audioModeAction(key('x'), 6)).toEqual({ type: 'closeSection' });
    expect(audioModeAction(key('X'), 4)).toEqual({ type: 'closeSection' });
    expect(audioModeAction(key('x', document.createElement('textarea')), 4)).toBeNull();
  });

  it('does nothing while typing, with modifiers, or for Space on a button', () => {
    const input = document.createElement('input');
    const textarea = document.createElement('textarea');
    const radio = Object.assign(document.createElement('input'), { type: 'radio' });
    expect(isTypingTarget(input)).toBe(true);
    expect(isTypingTarget(radio)).toBe(false);
    expect(audioModeAction(key('a', input), 4)).toBeNull();
    expect(audioModeAction(key('s', textarea), 4)).toBeNull();
    expect(audioModeAction(key('b', radio), 4)).toEqual({ type: 'choose', index: 1 });
    expect(audioModeAction(key('r', document.body, { ctrlKey: true }), 4)).toBeNull();
    expect(audioModeAction(key(' ', document.createElement('button')), 4)).toBeNull();
  });
});

describe('timeWarning', () => {
  it('speaks at 5 minutes, 1 minute and 10 seconds left, once each', () => {
    expect(timeWarning(300_500, 300_000)).toEqual({ unit: 'minutes', count: 5 });
    expect(timeWarning(300_000, 299_000)).toBeNull();
    expect(timeWarning(61_000, 60_000)).toEqual({ unit: 'minutes', count: 1 });
    expect(timeWarning(10_900, 9_900)).toEqual({ unit: 'seconds', count: 10 });
    // A tab asleep through several marks says only the latest.
    expect(timeWarning(400_000, 30_000)).toEqual({ unit: 'minutes', count: 1 });
    expect(timeWarning(20_000, 19_000)).toBeNull();
    expect(timeWarning(1_000, 0)).toBeNull();
  });
});
