import { stringify } from 'csv-stringify';
import { Readable } from 'node:stream';
import { formatElapsed } from '@quizcast/contract/domain/time-format';
import { ATTEMPT_STATUS_LABELS } from '@quizcast/contract/schemas/attempt-status';
import type { QuizParticipant, QuizParticipantsResponse } from '@quizcast/contract/schemas/quiz-participants';
import { elapsedSeconds } from '../../lib/attempt-elapsed';
import { notFound } from '../../lib/http-error';
import { windowOf, type PageParams } from '../../lib/page-window';
import type { QuizParticipantsRepository, QuizRow } from './quiz-participants.repository';

const QUIZ_NOT_FOUND = 'Quiz not found';
/** Participants read per query while streaming the CSV export. */
const CSV_PAGE = 1000;
const iso = (d: Date) => d.toISOString();

/** Who attempted a quiz, with score, rank, elapsed time and status: a page, or every row as CSV (issue 7). */
export class QuizParticipantsService {
  constructor(private readonly repo: QuizParticipantsRepository) {}

  async participants(id: string, params: PageParams): Promise<QuizParticipantsResponse> {
    const quiz = await this.repo.findQuiz(id);
    if (!quiz) throw notFound(QUIZ_NOT_FOUND);
    const { rows, total } = await this.repo.participants(id, windowOf(params));
    return {
      quiz: { _id: quiz.id, name: quiz.name },
      participants: rows.map((r) => toParticipant(r, quiz)),
      total,
      page: params.page,
      limit: params.limit,
    };
  }

  /**
   * Every participant (search applied) as CSV: rank order, spreadsheet-safe cells, UTF-8 with BOM.
   * Streamed: rows are read in pages of CSV_PAGE and written as they come, so memory stays flat
   * however many attempts a quiz has.
   */
  async participantsCsv(id: string, searchTerm?: string): Promise<{ filename: string; csv: Readable }> {
    const quiz = await this.repo.findQuiz(id);
    if (!quiz) throw notFound(QUIZ_NOT_FOUND);
    const search = searchTerm?.trim() || undefined;
    const repo = this.repo;
    async function* records() {
      for (let offset = 0; ; offset += CSV_PAGE) {
        const { rows } = await repo.participants(id, { offset, limit: CSV_PAGE, search });
        for (const r of rows) {
          const p = toParticipant(r, quiz!);
          yield [
            p.rank ?? '',
            p.name,
            p.phNo,
            p.score ?? '',
            p.correctCount ?? '',
            p.elapsedTime === null ? '' : formatElapsed(p.elapsedTime),
            p.elapsedTime === null ? '' : p.elapsedTime.toFixed(1),
            ATTEMPT_STATUS_LABELS[p.status],
            p.startedAt,
            p.submittedAt ?? '',
          ];
        }
        if (rows.length < CSV_PAGE) return;
      }
    }
    const stringifier = stringify({
      bom: true,
      header: true,
      columns: [
        'Rank',
        'Name',
        'Phone',
        'Score',
        'Correct answers',
        'Elapsed time (m:ss)',
        'Elapsed seconds',
        'Status',
        'Started at (UTC)',
        'Submitted at (UTC)',
      ],
      escape_formulas: true,
    });
    const source = Readable.from(records());
    // A failed page ends the download with an error (the client sees a cut transfer, never a partial file as complete).
    source.on('error', (err) => stringifier.destroy(err));
    const csv = source.pipe(stringifier);
    const slug =
      quiz.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'quiz';
    return { filename: `${slug}-participants.csv`, csv };
  }
}

function toParticipant(
  r: {
    id: string;
    status: QuizParticipant['status'];
    score: number | null;
    correctCount: number | null;
    elapsedMs: number | null;
    implausibleTime: boolean;
    /** Answered questions, and their server-measured time (null: not recorded). */
    answered: number;
    answeredMs: number | null;
    startedAt: Date;
    submittedAt: Date | null;
    rank: number | null;
    userId: string;
    name: string;
    phNo: string;
  },
  quiz: QuizRow,
): QuizParticipant {
  return {
    _id: r.id,
    userId: { _id: r.userId, name: r.name, phNo: r.phNo },
    name: r.name,
    phNo: r.phNo,
    score: r.score,
    correctCount: r.correctCount,
    rank: r.rank,
    elapsedTime: elapsedSeconds(r, quiz.durationMin),
    implausibleTime: r.implausibleTime,
    secondsPerAnswer:
      r.answeredMs === null || r.answered === 0 ? null : Math.round(r.answeredMs / r.answered / 10) / 100,
    status: r.status,
    startedAt: iso(r.startedAt),
    submittedAt: r.submittedAt ? iso(r.submittedAt) : null,
  };
}
