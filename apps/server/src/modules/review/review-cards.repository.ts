import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attempts, questions, quizzes, reviewCards } from '../../db/schema';
import type { CardState } from './scheduler';

export type CardRow = typeof reviewCards.$inferSelect;

/** A learner's manual cards (POST and DELETE /review/cards): the question checked, the card made or removed. */
export class ReviewCardsRepository {
  constructor(private readonly db: Db) {}

  async deleteCard(cardId: string, userId: string): Promise<boolean> {
    const deleted = await this.db
      .delete(reviewCards)
      .where(and(eq(reviewCards.id, cardId), eq(reviewCards.userId, userId)))
      .returning({ id: reviewCards.id });
    return deleted.length > 0;
  }

  /**
   * The question with its quiz's publication facts, whether an admin dropped it (issue 14), and
   * whether this learner submitted an attempt.
   */
  async questionForAdding(
    questionId: string,
    userId: string,
  ): Promise<{ published: boolean; attended: boolean; dropped: boolean } | undefined> {
    const [row] = await this.db
      .select({
        droppedAt: questions.droppedAt,
        resultsPublishedAt: quizzes.resultsPublishedAt,
        quizPublished: quizzes.published,
        attemptStatus: attempts.status,
      })
      .from(questions)
      .innerJoin(quizzes, eq(quizzes.id, questions.quizId))
      .leftJoin(attempts, and(eq(attempts.quizId, quizzes.id), eq(attempts.userId, userId)))
      .where(eq(questions.id, questionId))
      .limit(1);
    if (!row) return undefined;
    return {
      published: row.resultsPublishedAt !== null && row.quizPublished,
      attended: row.attemptStatus === 'submitted' || row.attemptStatus === 'auto_submitted',
      dropped: row.droppedAt !== null,
    };
  }

  /** A manual card; an existing one for this learner and question is kept. */
  async insertManualCard(
    userId: string,
    questionId: string,
    state: CardState,
    initialRating: number,
    now: Date,
  ): Promise<{ id: string; created: boolean }> {
    const [made] = await this.db
      .insert(reviewCards)
      .values({ userId, questionId, source: 'manual', initialRating, ...state, createdAt: now })
      .onConflictDoNothing({ target: [reviewCards.userId, reviewCards.questionId] })
      .returning({ id: reviewCards.id });
    if (made) return { id: made.id, created: true };
    const [existing] = await this.db
      .select({ id: reviewCards.id })
      .from(reviewCards)
      .where(and(eq(reviewCards.userId, userId), eq(reviewCards.questionId, questionId)))
      .limit(1);
    return { id: existing!.id, created: false };
  }
}
