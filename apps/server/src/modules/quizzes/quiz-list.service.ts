import type { QuizListResponse } from '@quizcast/contract/schemas/quiz';
import type { Clock } from '../../lib/clock';
import { ParticipantList } from './participant-list';
import type { QuizListRepository } from './quiz-list.repository';

const rupees = (paise: number) => paise / 100;

/** The participant's quiz list: live, then upcoming, then ended, with their own payment and attempt. */
export class QuizListService {
  private readonly catalogue: ParticipantList;

  constructor(
    private readonly quizzes: QuizListRepository,
    private readonly clock: Clock,
  ) {
    this.catalogue = new ParticipantList(quizzes);
  }

  async list(
    userId: string,
    query: { page: number; limit: number; searchTerm?: string; exam?: string },
  ): Promise<QuizListResponse> {
    const now = this.clock.now();
    const searchTerm = query.searchTerm || undefined;
    // The whole list (the common case) from the instance's copy of the published quizzes and one
    // statement for the learner's own state; a search or an exam filter asks the database.
    const { rows, total } =
      (!searchTerm && !query.exam
        ? await this.catalogue.page(userId, now, query.page, query.limit)
        : undefined) ??
      (await this.quizzes.listForParticipant({
        userId,
        now,
        page: query.page,
        limit: query.limit,
        searchTerm,
        exam: query.exam,
      }));
    return {
      total,
      quizzes: rows.map((r) => ({
        _id: r.id,
        name: r.name,
        exam: r.exam,
        class: r.class,
        duration: r.durationMin,
        startTimeStamp: r.startAt.toISOString(),
        endTimeStamp: r.endAt.toISOString(),
        price: rupees(r.pricePaise),
        isPaid: r.isPaid,
        ...(r.attendedStartedAt && r.attendedSubmittedAt
          ? {
              attendedDetails: {
                startedAt: r.attendedStartedAt.toISOString(),
                submittedAt: r.attendedSubmittedAt.toISOString(),
              },
            }
          : {}),
      })),
    };
  }
}
