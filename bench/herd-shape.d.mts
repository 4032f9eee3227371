export interface FixtureQuestion {
  id: string;
  choices: string[];
}

export interface Fixture {
  scenario: 'herd' | 'list' | 'summary';
  quizId?: string;
  questions?: FixtureQuestion[];
  /** One session token per student (index = student number). */
  tokens: string[];
  /** Herd only: the students' user ids, in token order. */
  userIds: string[];
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

export function answersForRound(
  questions: FixtureQuestion[],
  round: number,
): { qnId: string; selectedOption: string }[];
