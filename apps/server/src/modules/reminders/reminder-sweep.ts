import { indiaDayKey } from '@quizcast/contract/domain/review';
import { REMINDER_TEXTS } from '@quizcast/contract/messages/reminders';
import { webPath, WEB_ROUTES } from '@quizcast/contract/routes';
import type { PushPayload } from '@quizcast/contract/schemas/reminders';
import type { FastifyBaseLogger } from 'fastify';
import { systemTimer, type Pacer, type Timer } from '../../lib/pacer';
import type { PushSender } from '../../providers/push/push-sender';
import { inQuietHours } from './quiet-hours';
import type { DueReminder, RemindersRepository, SubscriptionRow } from './reminders.repository';

/** Due reminders read and claimed per round; pushes in flight at once. */
const BATCH = 200;
const CONCURRENCY = 16;
/** How long a reminder may wait in the push service before it is stale. */
const TTL_SECONDS = {
  quiz_opening: 15 * 60,
  results: 24 * 60 * 60,
  review_due: 12 * 60 * 60,
  daily_five: 6 * 60 * 60,
} as const;
const KINDS = ['quiz_opening', 'results', 'review_due', 'daily_five'] as const;

export function reminderPayload(r: DueReminder): PushPayload {
  const texts = REMINDER_TEXTS[r.language];
  const quiz = r.quizName ?? '';
  if (r.kind === 'quiz_opening')
    return { kind: r.kind, ...texts.quizOpening(quiz), url: webPath.quizIntro(r.quizId!), tag: r.key };
  if (r.kind === 'results')
    return { kind: r.kind, ...texts.results(quiz), url: webPath.quizSummary(r.quizId!), tag: r.key };
  if (r.kind === 'daily_five')
    return { kind: r.kind, ...texts.dailyFive(), url: WEB_ROUTES.dailyFive, tag: 'daily_five' };
  return { kind: r.kind, ...texts.reviewDue(r.dueCards ?? 0), url: WEB_ROUTES.review, tag: 'review_due' };
}

async function inPool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export interface SweepOptions {
  /** Claiming stops once this much of the sweep has passed (a claimed round is always pushed). */
  budgetMs: number;
  /** Taken before each push: reminders give way to learners' requests (ADR 025, "Pacing"). */
  pacer?: Pick<Pacer, 'take'>;
  /** The budget's clock (monotonic). */
  timer?: Pick<Timer, 'now'>;
  /**
   * Reminders claimed a round (at most 200). A claimed round is always pushed, so at the floor rate a
   * smaller one keeps the sweep within its task's timeout.
   */
  roundSize?: () => number;
  /** True once the app is closing: no further round is claimed (the one claimed is still pushed). */
  stopping?: () => boolean;
}

export interface SweepOutcome {
  /** Pushes a browser accepted. */
  pushed: number;
  /** Stopped at the budget with reminders perhaps still due: the caller sweeps again at once. */
  more: boolean;
}

/**
 * One sweep of reminders (a sweeper task): outside quiet hours, each due reminder is claimed in the
 * database (its key is inserted once, by one instance) and then pushed to the learner's browsers,
 * each push paced by `pacer`. A push service that is gone (404/410) loses the subscription; one that
 * fails or hangs makes that subscription back off, and each push is bounded by the sender's timeout,
 * so a sweep stays within about `budgetMs` and a round (a claimed reminder is never pushed twice,
 * even if its push failed: reminders are at most once). A sweep that stopped at its budget says so
 * (`more`), so the next one follows at once rather than at the next tick.
 */
export async function sweepReminders(
  repo: RemindersRepository,
  push: PushSender,
  now: Date,
  log: FastifyBaseLogger,
  options: SweepOptions,
): Promise<SweepOutcome> {
  if (inQuietHours(now)) return { pushed: 0, more: false };
  const timer = options.timer ?? systemTimer;
  const started = timer.now();
  const spent = () => timer.now() - started > options.budgetMs;
  const day = indiaDayKey(now);
  let pushed = 0;
  for (const [k, kind] of KINDS.entries()) {
    for (;;) {
      if (options.stopping?.()) return { pushed, more: false };
      const size = Math.max(1, Math.min(BATCH, Math.floor(options.roundSize?.() ?? BATCH)));
      const due = await repo.due(kind, now, day, size);
      const mine = await repo.claim(due, now);
      const claimed = due.filter((r) => mine.has(r.key));
      const subs = await repo.liveSubscriptions([...new Set(claimed.map((r) => r.userId))], now);
      const jobs = claimed.flatMap((r) => subs.filter((s) => s.userId === r.userId).map((s) => ({ r, s })));
      // Every claimed reminder's count of browsers that accepted it (0: none did, or none was live),
      // written for the whole round in one statement.
      const delivered = new Map<string, number>(claimed.map((r) => [r.key, 0]));
      await inPool(jobs, CONCURRENCY, async ({ r, s }) => {
        await options.pacer?.take();
        if (await pushOne(repo, push, r, s, now, log)) {
          delivered.set(r.key, delivered.get(r.key)! + 1);
          pushed += 1;
        }
      });
      await repo.delivered(delivered);
      const full = due.length >= size;
      if (!full) break;
      if (spent()) return { pushed, more: true };
    }
    if (spent()) return { pushed, more: k < KINDS.length - 1 };
  }
  return { pushed, more: false };
}

async function pushOne(
  repo: RemindersRepository,
  push: PushSender,
  r: DueReminder,
  s: SubscriptionRow,
  now: Date,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const outcome = await push.send(
    s,
    JSON.stringify(reminderPayload(r)),
    TTL_SECONDS[r.kind as keyof typeof TTL_SECONDS],
  );
  if (outcome === 'sent') {
    if (s.failures > 0) await repo.pushed(s.id);
    return true;
  }
  if (outcome === 'gone') await repo.deleteSubscription(s.id);
  else {
    log.warn({ subscription: s.id, kind: r.kind }, 'a push failed: its subscription backs off');
    await repo.backOff(s.id, s.failures, now);
  }
  return false;
}
