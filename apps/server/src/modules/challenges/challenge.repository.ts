import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attempts, challengeLinks, questions, quizzes, users, type StoredSection } from '../../db/schema';

/** A link with what its card needs: never the phone number, the photo or the answers' key. */
export interface LinkRow {
  code: string;
  userId: string;
  quizId: string;
  showName: boolean;
  createdAt: Date;
  name: string;
  initialsOnly: boolean;
  deleted: boolean;
  lang: 'en' | 'hi' | null;
  quizName: string;
  markCorrect: number;
  markWrong: number;
  /** The quiz's sections (ADR 022): their own marks make the card's maximum. */
  sections: StoredSection[];
  resultsPublishedAt: Date | null;
  resultsVersion: number;
  participantCount: number | null;
  rank: number | null;
  score: number | null;
  answers: { qnId: string; selectedOption?: string | null }[];
}

export type TopicQuestionRow = Pick<
  typeof questions.$inferSelect,
  'id' | 'topic' | 'choices' | 'ansIndex' | 'droppedAt' | 'type' | 'numericAnswer' | 'tolerance' | 'section'
>;

const linkColumns = {
  code: challengeLinks.code,
  userId: challengeLinks.userId,
  quizId: challengeLinks.quizId,
  showName: challengeLinks.showName,
  createdAt: challengeLinks.createdAt,
  name: users.name,
  initialsOnly: users.initialsOnly,
  deleted: sql<boolean>`${users.deletedAt} is not null`,
  lang: users.preferredLanguage,
  quizName: quizzes.name,
  markCorrect: quizzes.markCorrect,
  markWrong: quizzes.markWrong,
  sections: quizzes.sections,
  resultsPublishedAt: quizzes.resultsPublishedAt,
  resultsVersion: quizzes.resultsVersion,
  participantCount: quizzes.participantCount,
  rank: attempts.rank,
  score: attempts.score,
  answers: attempts.answers,
};

export class ChallengeRepository {
  constructor(private readonly db: Db) {}

  private selectLinks() {
    return this.db
      .select(linkColumns)
      .from(challengeLinks)
      .innerJoin(users, eq(users.id, challengeLinks.userId))
      .innerJoin(quizzes, eq(quizzes.id, challengeLinks.quizId))
      .leftJoin(
        attempts,
        and(eq(attempts.quizId, challengeLinks.quizId), eq(attempts.userId, challengeLinks.userId)),
      );
  }

  async findByCode(code: string): Promise<LinkRow | undefined> {
    const [row] = await this.selectLinks().where(eq(challengeLinks.code, code)).limit(1);
    return row as LinkRow | undefined;
  }

  async findMine(userId: string): Promise<LinkRow[]> {
    const rows = await this.selectLinks()
      .where(eq(challengeLinks.userId, userId))
      .orderBy(desc(challengeLinks.createdAt))
      .limit(100);
    return rows as LinkRow[];
  }

  /** The learner's ranked attempt of a quiz and whether its results are out (or nothing: not attended). */
  async findResult(
    userId: string,
    quizId: string,
  ): Promise<{ published: boolean; rank: number | null } | undefined> {
    const [row] = await this.db
      .select({ publishedAt: quizzes.resultsPublishedAt, rank: attempts.rank })
      .from(attempts)
      .innerJoin(quizzes, eq(quizzes.id, attempts.quizId))
      .where(and(eq(attempts.quizId, quizId), eq(attempts.userId, userId)))
      .limit(1);
    return row && { published: row.publishedAt !== null, rank: row.rank };
  }

  /**
   * One link per learner and quiz: the existing code is kept (its name choice updated), or `code` is
   * inserted. Returns the code in force.
   */
  async upsert(userId: string, quizId: string, code: string, showName: boolean): Promise<string> {
    const [row] = await this.db
      .insert(challengeLinks)
      .values({ userId, quizId, code, showName })
      .onConflictDoUpdate({
        target: [challengeLinks.userId, challengeLinks.quizId],
        set: { showName },
      })
      .returning({ code: challengeLinks.code });
    return row!.code;
  }

  /** Withdraws one of the learner's own links; false when it was not theirs or already gone. */
  async delete(userId: string, code: string): Promise<boolean> {
    const rows = await this.db
      .delete(challengeLinks)
      .where(and(eq(challengeLinks.code, code), eq(challengeLinks.userId, userId)))
      .returning({ id: challengeLinks.id });
    return rows.length > 0;
  }

  /** The quiz's questions with their topics and sections, for the card's topic bars and maximum. */
  async findTopicQuestions(quizId: string): Promise<TopicQuestionRow[]> {
    return this.db
      .select({
        id: questions.id,
        topic: questions.topic,
        choices: questions.choices,
        ansIndex: questions.ansIndex,
        droppedAt: questions.droppedAt,
        type: questions.type,
        numericAnswer: questions.numericAnswer,
        tolerance: questions.tolerance,
        section: questions.section,
      })
      .from(questions)
      .where(eq(questions.quizId, quizId))
      .orderBy(asc(questions.position));
  }
}
