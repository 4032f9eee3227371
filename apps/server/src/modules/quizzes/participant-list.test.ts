import { describe, expect, it } from 'vitest';
import { listOrderAt, ParticipantList } from './participant-list';
import type { LearnerListState, ListCatalogue, ListQuiz, QuizListRepository } from './quiz-list.repository';

const T = Date.parse('2026-11-22T10:00:00Z');
const MIN = 60_000;
const quiz = (id: string, start: number, end: number, pricePaise = 0): ListQuiz => ({
  id,
  name: id,
  exam: 'SSC',
  class: 'X',
  durationMin: 10,
  startAt: new Date(T + start * MIN),
  endAt: new Date(T + end * MIN),
  pricePaise,
});

/** A repository whose list version moves as the test says, counting its reads. */
function fakeRepository(quizzes: ListQuiz[], versions: { catalogue: number[]; state: number[] }) {
  const reads = { catalogue: 0, state: 0 };
  const repository = {
    async listCatalogue(): Promise<ListCatalogue> {
      const version = versions.catalogue[Math.min(reads.catalogue, versions.catalogue.length - 1)]!;
      reads.catalogue += 1;
      return { version, quizzes };
    },
    async learnerListState(_userId: string, ids: readonly string[]): Promise<LearnerListState> {
      const version = versions.state[Math.min(reads.state, versions.state.length - 1)]!;
      reads.state += 1;
      return {
        version,
        quizzes: new Map(ids.map((id) => [id, { startedAt: null, submittedAt: null, paid: false }])),
      };
    },
  };
  return { repository: repository as unknown as QuizListRepository, reads };
}

describe('listOrderAt', () => {
  it('orders live by end, upcoming by start, ended most recent first, ties by id, and says how long that holds', () => {
    const quizzes = [
      quiz('ended-old', -300, -200),
      quiz('up-late', 100, 200),
      quiz('live-late', -10, 90),
      quiz('ended-new', -100, -50),
      quiz('up-soon', 20, 300),
      quiz('live-b', -5, 30),
      quiz('live-a', -60, 30),
    ];
    const order = listOrderAt(quizzes, T);
    expect(order.quizzes.map((q) => q.id)).toEqual([
      'live-a',
      'live-b',
      'live-late',
      'up-soon',
      'up-late',
      'ended-new',
      'ended-old',
    ]);
    expect(order.from).toBe(T - 5 * MIN); // live-b began last
    expect(order.until).toBe(T + 20 * MIN); // up-soon begins next
  });

  it('holds forever on either side when no quiz starts or ends there', () => {
    expect(listOrderAt([], T)).toEqual({ from: -Infinity, until: Infinity, quizzes: [] });
    const order = listOrderAt([quiz('a', 10, 20)], T + 30 * MIN);
    expect(order).toMatchObject({ from: T + 20 * MIN, until: Infinity });
  });
});

describe('ParticipantList', () => {
  it('reads the quizzes once and then only the learner state while the version holds', async () => {
    const { repository, reads } = fakeRepository([quiz('a', -1, 10), quiz('b', 5, 10, 1000)], {
      catalogue: [7],
      state: [7],
    });
    const list = new ParticipantList(repository);
    for (let i = 0; i < 3; i += 1) {
      const page = await list.page('u', new Date(T), 1, 10);
      expect(page?.total).toBe(2);
      expect(page?.rows.map((r) => [r.id, r.isPaid])).toEqual([
        ['a', true],
        ['b', false],
      ]);
    }
    expect(reads).toEqual({ catalogue: 1, state: 3 });
  });

  it('reads the quizzes again when the learner state saw a newer version, and answers from that copy', async () => {
    const { repository, reads } = fakeRepository([quiz('a', -1, 10)], { catalogue: [1, 2], state: [2] });
    const page = await new ParticipantList(repository).page('u', new Date(T), 1, 10);
    expect(page?.rows.map((r) => r.id)).toEqual(['a']);
    expect(reads).toEqual({ catalogue: 2, state: 2 });
  });

  it('gives up (the caller asks the database) when the version keeps moving while it reads', async () => {
    const { repository, reads } = fakeRepository([quiz('a', -1, 10)], {
      catalogue: [1, 2, 3],
      state: [2, 3, 4],
    });
    expect(await new ParticipantList(repository).page('u', new Date(T), 1, 10)).toBeUndefined();
    expect(reads.state).toBe(2);
  });

  it('reads the quizzes again when the version went back (a failover), never keeping the newer copy', async () => {
    const { repository, reads } = fakeRepository([quiz('a', -1, 10)], { catalogue: [5, 4], state: [5, 4] });
    const list = new ParticipantList(repository);
    expect((await list.page('u', new Date(T), 1, 10))?.total).toBe(1); // copy at 5
    const page = await list.page('u', new Date(T), 1, 10); // the database is at 4 now
    expect(page?.rows.map((r) => r.id)).toEqual(['a']);
    expect(reads).toEqual({ catalogue: 2, state: 3 });
  });

  it('answers nothing from a copy when the version row is missing (-1): the caller asks the database', async () => {
    const { repository } = fakeRepository([quiz('a', -1, 10)], { catalogue: [-1], state: [-1] });
    expect(await new ParticipantList(repository).page('u', new Date(T), 1, 10)).toBeUndefined();
  });
});
