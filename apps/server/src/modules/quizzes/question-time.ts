import type { SavedAnswer } from '../../db/schema';

/**
 * Time per question, measured by the server (issue 29 item 3). Every save and submission of a running
 * attempt passes here with the server's own elapsed time (its clock − the attempt's server start,
 * never a client's time): the interval since the last save that changed an answer is shared among the
 * questions whose answer this save changes, added to their `serverMs`; `serverAt` marks when each was
 * last changed. A save that changes no answer (palette, time on screen) attributes nothing, so the
 * interval carries on to the next answer. The answered questions' `serverMs` therefore add up to at
 * most the time from the start to the last change: a learner gets time only by spending it.
 *
 * The entries arrive from the merge without these fields (the contract's merge keeps only its own),
 * so they are carried over from `stored`, the row's own answers; a client cannot send them
 * (`normalizeAnswers` copies only the contract's fields).
 */
export function recordQuestionTimes(
  stored: readonly SavedAnswer[],
  merged: readonly SavedAnswer[],
  elapsedMs: number,
): SavedAnswer[] {
  const before = new Map(stored.map((a) => [a.qnId, a]));
  let lastChange = 0;
  for (const a of stored)
    if (typeof a.serverAt === 'number' && a.serverAt > lastChange) lastChange = a.serverAt;
  const now = Math.max(lastChange, Math.round(elapsedMs));
  const changed = merged.filter(
    (a) => (a.selectedOption ?? null) !== (before.get(a.qnId)?.selectedOption ?? null),
  );
  const interval = now - lastChange;
  const share = changed.length ? Math.floor(interval / changed.length) : 0;
  const first = changed.length ? interval - share * changed.length : 0;
  const changedIds = new Map(changed.map((a, i) => [a.qnId, share + (i === 0 ? first : 0)]));
  return merged.map(({ serverMs: _ms, serverAt: _at, ...a }) => {
    const old = before.get(a.qnId);
    const kept: SavedAnswer = {
      ...a,
      ...(old?.serverMs !== undefined && { serverMs: old.serverMs }),
      ...(old?.serverAt !== undefined && { serverAt: old.serverAt }),
    };
    const added = changedIds.get(a.qnId);
    if (added === undefined) return kept;
    return { ...kept, serverMs: (old?.serverMs ?? 0) + added, serverAt: now };
  });
}
