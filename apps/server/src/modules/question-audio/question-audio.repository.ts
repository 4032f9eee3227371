import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { questions } from '../../db/schema';

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

  async setAudioKey(quizId: string, questionId: string, audioKey: string | null): Promise<boolean> {
    const rows = await this.db
      .update(questions)
      .set({ audioKey })
      .where(and(eq(questions.id, questionId), eq(questions.quizId, quizId)))
      .returning({ id: questions.id });
    return rows.length > 0;
  }
}
