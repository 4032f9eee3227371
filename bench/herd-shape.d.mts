export interface FixtureQuestion {
  id: string;
  choices: string[];
}

export interface Fixture {
  scenario: 'herd' | 'list' | 'summary' | 'review' | 'drill';
  /** Drill (bench/drill-scenario.mjs): the practisable topics. */
  topics?: string[];
  quizId?: string;
  questions?: FixtureQuestion[];
  /** One session token per student (index = student number). */
  tokens: string[];
  /** Herd and review: the students' user ids, in token order. */
  userIds: string[];
  /** Summary: how many submitted attempts were seeded (each must be ranked once). */
  attempts?: number;
  /** Review: each learner's card ids (index = learner number, as in `tokens`), all due. */
  cards?: string[][];
  seedMs?: number;
  publishMs?: number;
}

/** What the load generator saw acknowledged (2xx), per student index. */
export interface AckFile {
  started: boolean[];
  /** The highest autosave round answered 2xx (0: none). */
  savedRound: number[];
  submitted: boolean[];
}

/** Review: the gradings the load generator saw acknowledged (2xx), per request number. */
export interface ReviewAckFile {
  /** The `reviewedAt` every grading of the run sent. */
  reviewedAt: string;
  /** The review id of request i when it was answered 2xx (null or absent: not acknowledged). */
  graded: (string | null)[];
}

/** Review: grading request i (0, 1, …) grades this learner's card with this rating. */
export function gradingOf(
  fixture: Fixture,
  i: number,
): { learner: number; cardId: string; rating: 1 | 2 | 3 | 4 };

export function answersForRound(
  questions: FixtureQuestion[],
  round: number,
): { qnId: string; selectedOption: string }[];
