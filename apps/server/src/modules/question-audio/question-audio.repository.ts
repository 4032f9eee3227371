import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { questions, quizzes } from '../../db/schema';

/** The `audio_key` of questions: the only code here that touches Drizzle. */
export class QuestionAudioRepository {
  constructor(private readonly db: Db) {}

  /** The question's current audio key (null when none); undefined when the question is not in that quiz. */
  async audioKey(quizId: string, questionId: string): Promise<string | null | undefined> {
    const [row] = await this.db
      .select({ audioKey: questions.audioKey })
      .from(questions)
      .where(and(eq(questions.id, questionId), eq(questions.quizId, quizId)));
    return row ? row.audioKey : undefined;
  }

  /**
   * Sets the key and bumps the quiz's `updated_at`, which every instance's question cache compares
   * against, so participants get the new recording on their next fetch.
   */
  async setAudioKey(quizId: string, questionId: string, audioKey: string | null): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(questions)
        .set({ audioKey })
        .where(and(eq(questions.id, questionId), eq(questions.quizId, quizId)))
        .returning({ id: questions.id });
      if (!rows.length) return false;
      await tx
        .update(quizzes)
        .set({ updatedAt: sql`greatest(${quizzes.updatedAt} + interval '1 millisecond', now())` })
        .where(eq(quizzes.id, quizId));
      return true;
    });
  }
}
