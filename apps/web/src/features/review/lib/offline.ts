import type { GradeReviewBody, ReviewCard, ReviewCounts } from '@quizcast/contract/schemas/review';
import { storage } from '../../../lib/storage';

/**
 * What the device keeps for review without a network (ADR 011): the cards due in the next 24 hours
 * (at most 200, with their answers: results are published) and the reviews not yet sent, each with
 * the review id made here, so sending one twice applies it once. Plain local storage, so it works
 * with or without a service worker.
 */

const DECK_KEY = 'QUIZCAST_REVIEW_DECK';
const PENDING_KEY = 'QUIZCAST_REVIEW_PENDING';

export interface Deck {
  cards: ReviewCard[];
  counts: ReviewCounts;
  medianDurationMs: number | null;
  /** Server time minus device time when the deck was fetched: reviews are stamped in server time. */
  clockOffsetMs: number;
  savedAt: string;
}

export interface PendingReview {
  cardId: string;
  body: GradeReviewBody;
}

function read<T>(key: string): T | null {
  try {
    return JSON.parse(storage.get(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

export const loadDeck = () => read<Deck>(DECK_KEY);
export const saveDeck = (deck: Deck) => storage.set(DECK_KEY, JSON.stringify(deck));
export const loadPending = () => read<PendingReview[]>(PENDING_KEY) ?? [];
const savePending = (pending: PendingReview[]) => storage.set(PENDING_KEY, JSON.stringify(pending));

/** Take a card out of the stored deck (reviewed or removed on this device). */
export function dropFromDeck(cardId: string): void {
  const deck = loadDeck();
  if (deck) saveDeck({ ...deck, cards: deck.cards.filter((c) => c.cardId !== cardId) });
}

/** Queue a review and take its card out of the stored deck (it is done on this device). */
export function enqueueReview(review: PendingReview): void {
  savePending([...loadPending(), review]);
  dropFromDeck(review.cardId);
}

/** A fresh deck from the server, minus the cards this device reviewed but has not yet sent. */
export function mergeDeck(deck: Deck): Deck {
  const waiting = new Set(loadPending().map((p) => p.cardId));
  const merged = { ...deck, cards: deck.cards.filter((c) => !waiting.has(c.cardId)) };
  saveDeck(merged);
  return merged;
}

export type SendResult = 'sent' | 'rejected' | 'retry';

/**
 * Sends the waiting reviews oldest first. A review the server applied (or had applied) or refused
 * for good (4xx) leaves the queue; a network failure or server error stops and keeps the rest.
 */
export async function flushPending(send: (review: PendingReview) => Promise<SendResult>): Promise<number> {
  let sent = 0;
  for (const review of loadPending()) {
    const result = await send(review);
    if (result === 'retry') break;
    savePending(loadPending().filter((p) => p.body.reviewId !== review.body.reviewId));
    if (result === 'sent') sent += 1;
  }
  return sent;
}
