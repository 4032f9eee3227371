import { useEffect } from 'react';
import type { Grade, Phase } from '../lib/session';

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLInputElement && target.type !== 'checkbox' && target.type !== 'radio'));

/** The review card's keys: A–F pick, Enter reveals (then goes on once graded), 1–4 grade. */
export function useReviewKeys({
  phase,
  pick,
  reveal,
  nextCard,
  grade,
}: {
  phase: Phase;
  pick(position: number): void;
  reveal(): void;
  nextCard(): void;
  grade(rating: Grade): void;
}): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || isTyping(event.target)) return;
      const key = event.key;
      if (phase === 'answering' && /^[a-f]$/i.test(key)) {
        event.preventDefault();
        pick(key.toUpperCase().charCodeAt(0) - 65);
      } else if (key === 'Enter' && !(event.target instanceof HTMLButtonElement)) {
        if (phase === 'answering') {
          event.preventDefault();
          reveal();
        } else if (phase === 'graded') {
          event.preventDefault();
          nextCard();
        }
      } else if (phase === 'revealed' && /^[1-4]$/.test(key)) {
        event.preventDefault();
        grade(Number(key) as Grade);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [grade, nextCard, pick, reveal, phase]);
}
