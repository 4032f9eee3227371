import type { KeyCorrection, KeyCorrectionResponse } from '@quizcast/contract/schemas/analytics';
import { ANALYTICS_MESSAGES } from '@quizcast/contract/schemas/analytics';
import type { Tx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { AuditService } from '../audit/audit.service';
import { rankQuizAttempts, rescoreQuestion, writeSectionResults } from '../marking/marking.repository';
import { DEFAULT_PLAUSIBLE_MS_PER_ANSWER } from '../marking/plausible-time';
import type { UserRow } from '../students/student.repository';
import type { AnalyticsRepository, KeyCorrectionRow, QuizRow } from './analytics.repository';

export function toCorrection(row: KeyCorrectionRow & { adminName: string | null }): KeyCorrection {
  return {
    _id: row.id,
    number: row.questionNumber,
    oldAnsIndex: row.oldAnsIndex,
    newAnsIndex: row.newAnsIndex,
    dropped: row.dropped,
    reason: row.reason,
    adminName: row.adminName,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Answer-key correction after publication (issue 14, ADR 017): one transaction that finishes the
 * publication's analysis if needed, changes the key, re-scores through the marking module, re-ranks
 * with publication's own statement and refreshes the item analysis.
 */
export class KeyCorrectionService {
  constructor(
    private readonly repo: AnalyticsRepository,
    private readonly clock: Clock,
    private readonly quizzes: { quiz(quizId: string): Promise<QuizRow> },
    /** The publication pipeline's last analysis step (results), run in the correction's transaction. */
    private readonly finishAnalysis: (tx: Tx, quizId: string, now: Date) => Promise<void>,
    /** After the correction committed: caches of the quiz's published questions are dropped. */
    private readonly onKeyCorrected: (quizId: string) => Promise<void> | void = () => {},
    /** The plausible floor per answered question, in ms (marking/plausible-time.ts). */
    private readonly plausibleMsPerAnswer = DEFAULT_PLAUSIBLE_MS_PER_ANSWER,
  ) {}

  /**
   * Changes a question's key (or drops it) after publication and, in the same transaction,
   * re-scores every attempt, re-ranks with the publication's own statement, refreshes the item
   * analysis and records who/when/old/new/why. Corrections of one quiz are serialised by the quiz's
   * row lock; repeating a correction changes nothing.
   */
  async correctKey(
    quizId: string,
    body: { questionId: string; ansIndex?: number; drop?: boolean; reason?: string },
    admin: UserRow,
  ): Promise<KeyCorrectionResponse> {
    const adminId = admin.id;
    await this.quizzes.quiz(quizId);
    const now = this.clock.now();
    const result = await this.repo.transaction(async (repo, tx): Promise<KeyCorrectionResponse> => {
      const quiz = await repo.lockQuiz(quizId);
      if (!quiz) throw notFound(ANALYTICS_MESSAGES.quizNotFound);
      if (!quiz.resultsPublishedAt) throw conflict(ANALYTICS_MESSAGES.windowOpen);
      const questionRows = await repo.questionsOf(quiz.id);
      const index = questionRows.findIndex((q) => q.id === body.questionId);
      const question = questionRows[index];
      const problems: string[] = [];
      if (!question) problems.push('questionId: no such question in this quiz');
      if (question?.type === 'numeric' && body.ansIndex !== undefined) {
        // Refused (issue 12): a numeric key has no choice to point at; dropping the question still works.
        problems.push(
          `ansIndex: question ${index + 1} has a numeric answer, which cannot be changed after publication; drop the question instead`,
        );
      } else if (
        body.ansIndex !== undefined &&
        (!question || body.ansIndex < 0 || body.ansIndex >= question.choices.length)
      ) {
        problems.push(
          question
            ? `ansIndex: the key must be one of the question's ${question.choices.length} choices (0–${question.choices.length - 1})`
            : "ansIndex: the key must be one of the question's choices",
        );
      }
      if (!body.reason) problems.push('reason: A reason is required');
      if (problems.length || !question || !body.reason) throw badRequest(problems);

      const drop = body.drop === true;
      const unchanged = drop
        ? question.droppedAt !== null
        : question.droppedAt === null && question.ansIndex === body.ansIndex;
      if (unchanged) {
        return { changed: false, rescored: 0, participants: quiz.participantCount ?? 0, correction: null };
      }
      // The analysis step after publication normally finished long ago (a no-op then); if it has not,
      // it is finished here, in this transaction, with the key as it was (ADR 017).
      await this.finishAnalysis(tx, quiz.id, now);
      await repo.setKey(question.id, drop ? null : body.ansIndex!, drop ? now : null);
      const { judged: rescored } = await rescoreQuestion(
        tx,
        quiz.id,
        index + 1,
        { ansIndex: question.ansIndex, live: question.droppedAt === null },
        { ansIndex: drop ? question.ansIndex : body.ansIndex!, live: !drop },
        questionRows.flatMap((q, i) => ((i === index ? drop : q.droppedAt !== null) ? [i + 1] : [])),
      );
      // Sections (ADR 022): marked again whole, each with its own scheme, before the ranks.
      await writeSectionResults(tx, quiz.id);
      const participants = await rankQuizAttempts(tx, quiz.id, this.plausibleMsPerAnswer);
      await repo.refreshItems(quiz.id, now);
      // A dropped question no longer makes review cards come due (issue 14 follow-up).
      if (drop) await repo.suspendCardsOf(question.id, now);
      await repo.touchQuiz(quiz.id, now);
      const row = await repo.recordCorrection({
        quizId: quiz.id,
        questionId: question.id,
        questionNumber: index + 1,
        adminId,
        oldAnsIndex: question.ansIndex,
        newAnsIndex: drop ? null : body.ansIndex!,
        dropped: drop,
        reason: body.reason,
        createdAt: now,
      });
      // The admin audit log (issue 15 item 8), in the same transaction as the correction itself.
      await new AuditService(repo.db, this.clock).record(admin, {
        action: 'quiz.key_correction',
        targetType: 'quiz',
        targetId: quiz.id,
        details: {
          questionId: question.id,
          questionNumber: index + 1,
          oldAnsIndex: question.ansIndex,
          newAnsIndex: drop ? null : body.ansIndex!,
          dropped: drop,
          reason: body.reason,
        },
      });
      const [withName] = (await repo.corrections(quiz.id)).filter((c) => c.id === row.id);
      return {
        changed: true,
        rescored,
        participants,
        correction: toCorrection(withName ?? { ...row, adminName: null }),
      };
    });
    if (result.changed) await this.onKeyCorrected(quizId);
    return result;
  }
}
