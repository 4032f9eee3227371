import { paiseToRupees } from '@quizcast/contract/domain/admin-quiz';
import type {
  AdminStudentDetail,
  AdminStudentListItem,
  AdminStudentListResponse,
} from '@quizcast/contract/schemas/student-directory';
import { elapsedSeconds } from '../../lib/attempt-elapsed';
import { notFound } from '../../lib/http-error';
import { windowOf, type PageParams } from '../../lib/page-window';
import type { AvatarUrls } from '../files/avatar-url';
import type { StudentDirectoryRepository } from './student-directory.repository';
import type { UserRow } from './student.repository';

const STUDENT_NOT_FOUND = 'Student not found';
const iso = (d: Date) => d.toISOString();

/** Every student, and one with their attempts and payments (issue 7). */
export class StudentDirectoryService {
  constructor(
    private readonly repo: StudentDirectoryRepository,
    private readonly avatars: AvatarUrls,
  ) {}

  async listStudents(params: PageParams): Promise<AdminStudentListResponse> {
    const { rows, total } = await this.repo.listStudents(windowOf(params));
    return {
      students: rows.map(({ user, attemptCount }) => toStudent(user, attemptCount, this.avatars)),
      total,
      page: params.page,
      limit: params.limit,
    };
  }

  async getStudent(id: string): Promise<AdminStudentDetail> {
    const found = await this.repo.findStudent(id);
    if (!found) throw notFound(STUDENT_NOT_FOUND);
    const attemptRows = await this.repo.attemptsOfStudent(id);
    const ranks = await this.repo.ranksOf(attemptRows.map((r) => r.attempt.id));
    const paymentRows = await this.repo.paymentsOfStudent(id);
    return {
      data: {
        ...toStudent(found.user, found.attemptCount, this.avatars),
        updatedAt: iso(found.user.updatedAt),
        attempts: attemptRows.map(({ attempt, quizName, durationMin }) => ({
          _id: attempt.id,
          quiz: { _id: attempt.quizId, name: quizName },
          status: attempt.status,
          score: attempt.score,
          rank: ranks.get(attempt.id) ?? null,
          elapsedTime: elapsedSeconds(attempt, durationMin),
          startedAt: iso(attempt.startedAt),
          submittedAt: attempt.submittedAt ? iso(attempt.submittedAt) : null,
        })),
        payments: paymentRows.map(({ payment, quizName }) => ({
          _id: payment.id,
          quiz: { _id: payment.quizId, name: quizName },
          orderId: payment.orderId,
          providerPaymentId: payment.providerPaymentId,
          amount: paiseToRupees(payment.amountPaise),
          currency: payment.currency,
          status: payment.status,
          createdAt: iso(payment.createdAt),
        })),
      },
    };
  }
}

function toStudent(user: UserRow, attemptCount: number, avatars: AvatarUrls): AdminStudentListItem {
  return {
    _id: user.id,
    name: user.name,
    phNo: user.phNo,
    email: user.email,
    place: user.place,
    school: user.school,
    class: user.class,
    role: user.role,
    profilePicUrl: avatars.url(user.profilePicKey),
    createdAt: iso(user.createdAt),
    attemptCount,
  };
}
