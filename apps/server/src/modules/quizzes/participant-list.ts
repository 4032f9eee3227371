import type { ListCatalogue, ListQuiz, ParticipantListRow, QuizListRepository } from './quiz-list.repository';

/** The published quizzes in the participant's order, valid for every instant in [from, until). */
export interface ListOrder {
  from: number;
  until: number;
  quizzes: readonly ListQuiz[];
}

/** 0 live, 1 upcoming, 2 ended, at `now` (ms): the same rule as the list query's first sort key. */
function phase(quiz: ListQuiz, now: number): 0 | 1 | 2 {
  const start = quiz.startAt.getTime();
  if (start > now) return 1;
  return quiz.endAt.getTime() > now ? 0 : 2;
}

/**
 * The participant's order at `now` (as `listForParticipant` sorts in SQL): live, ending soonest
 * first; then upcoming by start; then ended, most recent first; ties by id. The order only changes
 * when `now` reaches a quiz's start or end, so it holds from the last such instant at or before
 * `now` until the next one after it.
 */
export function listOrderAt(quizzes: readonly ListQuiz[], now: number): ListOrder {
  let from = -Infinity;
  let until = Infinity;
  const keyed = quizzes.map((quiz) => {
    for (const t of [quiz.startAt.getTime(), quiz.endAt.getTime()]) {
      if (t <= now) from = Math.max(from, t);
      else until = Math.min(until, t);
    }
    const p = phase(quiz, now);
    // Within a phase one time decides: end ascending (live), start ascending (upcoming), end descending (ended).
    const time = p === 0 ? quiz.endAt.getTime() : p === 1 ? quiz.startAt.getTime() : -quiz.endAt.getTime();
    return { quiz, p, time };
  });
  keyed.sort(
    (a, b) => a.p - b.p || a.time - b.time || (a.quiz.id < b.quiz.id ? -1 : a.quiz.id > b.quiz.id ? 1 : 0),
  );
  return { from, until, quizzes: keyed.map((k) => k.quiz) };
}

interface Held extends ListCatalogue {
  order?: ListOrder;
}

/**
 * The participant list without a search or exam filter (issue 16, ADR 012 "The participant list").
 * The published quizzes are the same for every learner, so each instance keeps them in memory with
 * the `quiz_list_version` they were read at; a statement trigger bumps that counter in the
 * transaction of every change to what the list shows. A request reads the learner's own state on
 * its page (finished attempt, payment) in one prepared statement that also reads the counter, and
 * its answer is built only from a copy of exactly that version: after any committed admin change,
 * on any instance, the next request sees a new version and reads the quizzes again. Nothing about
 * a learner is kept, and the order (live, upcoming, ended) is taken at the request's `now`.
 */
export class ParticipantList {
  private held: Held | undefined;
  private loading: Promise<Held> | undefined;

  constructor(private readonly quizzes: QuizListRepository) {}

  /**
   * One page for `userId` at `now`, or undefined when the quizzes changed again while they were
   * being read (then the caller answers with the list query instead).
   */
  async page(
    userId: string,
    now: Date,
    page: number,
    limit: number,
  ): Promise<{ rows: ParticipantListRow[]; total: number } | undefined> {
    const at = now.getTime();
    let held = this.held ?? (await this.load(undefined));
    for (let tries = 0; tries < 2; tries += 1) {
      let order = held.order;
      if (!order || at < order.from || at >= order.until) order = held.order = listOrderAt(held.quizzes, at);
      const offset = (page - 1) * limit;
      const quizzes = order.quizzes.slice(offset, offset + limit);
      const state = await this.quizzes.learnerListState(
        userId,
        quizzes.map((q) => q.id),
      );
      // -1: the version row is missing (a hand-made reset): no copy can be trusted, the query answers.
      if (state.version === held.version && state.version >= 0) {
        return {
          total: held.quizzes.length,
          rows: quizzes.map((q) => {
            const own = state.quizzes.get(q.id);
            return {
              ...q,
              isPaid: q.pricePaise === 0 || own?.paid === true,
              attendedStartedAt: own?.startedAt ?? null,
              attendedSubmittedAt: own?.submittedAt ?? null,
            };
          }),
        };
      }
      held = await this.load(state.version);
    }
    return undefined;
  }

  /**
   * Read the quizzes again unless a copy of exactly `version` is held; concurrent callers share one
   * read. Only equality counts: after a failover the version can go back, and a copy read at a higher
   * version may hold a change the new primary never had.
   */
  private async load(version: number | undefined): Promise<Held> {
    while (this.loading) {
      const loaded = await this.loading;
      if (version === undefined || loaded.version === version) return loaded;
    }
    if (version !== undefined && this.held && this.held.version === version) return this.held;
    const loading = this.quizzes.listCatalogue().then((catalogue) => {
      // Reads run one at a time, so the latest read is the database's latest state.
      this.held = catalogue;
      return catalogue;
    });
    this.loading = loading;
    try {
      return await loading;
    } finally {
      if (this.loading === loading) this.loading = undefined;
    }
  }
}
