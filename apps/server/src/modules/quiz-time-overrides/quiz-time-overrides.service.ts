import { QUIZ_MESSAGES } from '@quizcast/contract/schemas/quiz';
import type { ExtraTimeBody, ExtraTimeList } from '@quizcast/contract/schemas/quiz-participants';
import type { Clock } from '../../lib/clock';
import { conflict, notFound } from '../../lib/http-error';
import type { AuditService } from '../audit/audit.service';
import type { UserRow } from '../students/student.repository';
import type { QuizTimeOverridesRepository } from './quiz-time-overrides.repository';

/**
 * An admin's extra minutes for one learner on one quiz (Moodle's user overrides; issue 26, ADR 023).
 * Added to the learner's allowed time when their attempt starts (`allowedDurationMs`); refused with
 * 409 once it has started, so a running attempt's deadline never moves. Every change is audited.
 */
export class QuizTimeOverridesService {
  constructor(
    private readonly repo: QuizTimeOverridesRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async list(quizId: string): Promise<ExtraTimeList> {
    if (!(await this.repo.quizExists(quizId))) throw notFound(QUIZ_MESSAGES.notFound);
    return { entries: await this.repo.list(quizId) };
  }

  async set(admin: UserRow, quizId: string, body: ExtraTimeBody): Promise<ExtraTimeList> {
    if (!(await this.repo.quizExists(quizId))) throw notFound(QUIZ_MESSAGES.notFound);
    const learner = await this.repo.learnerByPhone(body.phNo);
    if (!learner) throw notFound(QUIZ_MESSAGES.learnerNotFound);
    const previous = await this.repo.set(quizId, learner.id, body.extraMinutes, this.clock.now());
    if (previous === 'started') throw conflict(QUIZ_MESSAGES.extraTimeStarted);
    await this.audit.record(admin, {
      action: 'quiz.extra_time',
      targetType: 'quiz',
      targetId: quizId,
      details: { userId: learner.id, extraMinutes: body.extraMinutes, previousExtraMinutes: previous },
    });
    return this.list(quizId);
  }
}
