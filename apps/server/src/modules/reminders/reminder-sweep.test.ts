import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ManualTimer } from '../../lib/pacer';
import type { PushSender } from '../../providers/push/push-sender';
import { sweepReminders } from './reminder-sweep';
import type { DueReminder, RemindersRepository, SubscriptionRow } from './reminders.repository';

/** 12:00 IST: outside quiet hours. */
const NOON_IST = new Date('2026-11-28T06:30:00Z');
const log = { warn: () => undefined } as unknown as FastifyBaseLogger;

/**
 * A repository with `waiting` review reminders due (one browser each), handed out in rounds as the
 * real one does (due, then claimed), and a push service that takes `msPerPush` of the timer's time.
 */
function fixture(waiting: number, timer: ManualTimer, msPerPush: number) {
  const due = Array.from({ length: waiting }, (_, i): DueReminder => ({
    key: `review_due:u${i}:2026-11-28`,
    userId: `u${i}`,
    kind: 'review_due',
    language: 'en',
    quizId: null,
    quizName: null,
    dueCards: 3,
  }));
  const claimed = new Set<string>();
  const repo = {
    due: async (kind: string, _now: Date, _day: string, limit: number) =>
      kind === 'review_due' ? due.filter((r) => !claimed.has(r.key)).slice(0, limit) : [],
    claim: async (rs: readonly DueReminder[]) => {
      const mine = rs.filter((r) => !claimed.has(r.key)).map((r) => r.key);
      for (const k of mine) claimed.add(k);
      return new Set(mine);
    },
    liveSubscriptions: async (userIds: readonly string[]): Promise<SubscriptionRow[]> =>
      userIds.map((u) => ({
        id: `s-${u}`,
        userId: u,
        endpoint: `https://push.test/${u}`,
        p256dh: '',
        auth: '',
        failures: 0,
      })),
    delivered: async () => undefined,
  } as unknown as RemindersRepository;
  const sent: string[] = [];
  const push: PushSender = {
    publicKey: 'k',
    send: async (target) => {
      sent.push(target.endpoint);
      timer.advance(msPerPush);
      return 'sent';
    },
  };
  return { repo, push, sent, claimed };
}

describe('sweepReminders', () => {
  it('stops claiming at its budget after a full round and says more may be due; the next sweep goes on', async () => {
    const timer = new ManualTimer();
    // 200 a round at 0.1 s a push: the first round alone outlives a 5 s budget.
    const { repo, push, sent } = fixture(450, timer, 100);
    const first = await sweepReminders(repo, push, NOON_IST, log, { budgetMs: 5_000, timer });
    expect(first).toEqual({ pushed: 200, more: true });
    const second = await sweepReminders(repo, push, NOON_IST, log, { budgetMs: 5_000, timer });
    expect(second).toEqual({ pushed: 200, more: true });
    const third = await sweepReminders(repo, push, NOON_IST, log, { budgetMs: 5_000, timer });
    expect(third).toEqual({ pushed: 50, more: false });
    expect(new Set(sent).size).toBe(450);
    expect(sent).toHaveLength(450);
  });

  it('says nothing more is due when it finished within its budget', async () => {
    const timer = new ManualTimer();
    const { repo, push, sent } = fixture(450, timer, 1);
    expect(await sweepReminders(repo, push, NOON_IST, log, { budgetMs: 5_000, timer })).toEqual({
      pushed: 450,
      more: false,
    });
    expect(sent).toHaveLength(450);
  });

  it('takes a token from the pacer before every push', async () => {
    const timer = new ManualTimer();
    const { repo, push } = fixture(30, timer, 0);
    const events: string[] = [];
    const pacer = { take: async () => void events.push('take') };
    const logged: PushSender = {
      ...push,
      send: (target, payload, ttl) => {
        events.push('send');
        return push.send(target, payload, ttl);
      },
    };
    await sweepReminders(repo, logged, NOON_IST, log, { budgetMs: 5_000, timer, pacer });
    expect(events.filter((e) => e === 'send')).toHaveLength(30);
    // Never more pushes than tokens so far, and a token for each.
    let tokens = 0;
    for (const e of events) {
      tokens += e === 'take' ? 1 : -1;
      expect(tokens).toBeGreaterThanOrEqual(0);
    }
    expect(tokens).toBe(0);
  });

  it('pushes nothing in quiet hours', async () => {
    const timer = new ManualTimer();
    const { repo, push, sent } = fixture(10, timer, 1);
    const night = new Date('2026-11-28T18:00:00Z'); // 23:30 IST
    expect(await sweepReminders(repo, push, night, log, { budgetMs: 5_000, timer })).toEqual({
      pushed: 0,
      more: false,
    });
    expect(sent).toHaveLength(0);
  });

  it('claims rounds of the size it is given, and no further round once the app is closing', async () => {
    const timer = new ManualTimer();
    const { repo, push, sent, claimed } = fixture(450, timer, 1);
    let closing = false;
    const rounds: number[] = [];
    const counted = {
      ...repo,
      due: async (...args: Parameters<RemindersRepository['due']>) => {
        const due = await repo.due(...args);
        if (due.length) rounds.push(due.length);
        return due;
      },
    } as RemindersRepository;
    const logged: PushSender = {
      ...push,
      send: (target, payload, ttl) => {
        if (sent.length === 149) closing = true; // the app starts closing during the second round
        return push.send(target, payload, ttl);
      },
    };
    const outcome = await sweepReminders(counted, logged, NOON_IST, log, {
      budgetMs: 60_000,
      timer,
      roundSize: () => 100.7,
      stopping: () => closing,
    });
    // Two rounds of 100, the second pushed whole though the app began closing during it; no third.
    expect(rounds).toEqual([100, 100]);
    expect(outcome).toEqual({ pushed: 200, more: false });
    expect(claimed.size).toBe(200);
  });
});
