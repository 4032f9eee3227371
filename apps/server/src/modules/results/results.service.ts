import type { FastifyBaseLogger } from 'fastify';
import { percentileForRank } from '@quizcast/contract/domain/percentile';
import { initialsOf } from '@quizcast/contract/schemas/account';
import {
  LATEST_RESULT_CACHE_SECONDS,
  RESULT_MESSAGES,
  quizSummaryResponseSchema,
  summaryQuestionSchema,
  type LatestResultResponse,
  type LeaderboardResponse,
} from '@quizcast/contract/schemas/result';
import { z } from 'zod';
import { forbidden, notFound } from '../../lib/http-error';
import type { Clock } from '../../lib/clock';
import { inLearnerOrder } from '../quizzes/learner-order';
import { participantTexts, revealedQuestion } from '../../lib/question-texts';
import { RESET_ALL_KEY, type InvalidationBus } from '../../lib/invalidation-bus';
import type { SharedCache } from '../../lib/shared-cache';
import type { AvatarUrls } from '../files/avatar-url';
import { markableQuestion, markAttempt, maximumScore, type MarkableQuestion } from '../marking/marking';
import type { QuestionRow, QuizRow, RankedEntry, ResultsRepository } from './results.repository';
import { sectionSummary } from './section-summary';

/**
 * A published quiz and its questions hardly change (an admin may still fix a typo), and every
 * participant's summary reads them: each instance keeps them this long, for this many quizzes.
 */
const PUBLISHED_QUIZ_CACHE_MS = 60_000;
const PUBLISHED_QUIZ_CACHE_SIZE = 200;

interface PublishedQuiz {
  quiz: QuizRow;
  questions: QuestionRow[];
  participants: number;
  /** The summary's shared parts, once a summary was read (`ResultsService.summaryParts`). */
  summary?: SummaryParts;
}

/** What every learner's summary of one published quiz shares. */
interface SummaryParts {
  markable: MarkableQuestion[];
  /** The JSON of `quizDetails` up to its questions' `[`. */
  detailsPrefix: string;
  /** Each question's entry (JSON) by id, when the quiz keeps its choices' order (null: per learner). */
  questionJson: Map<string, string> | null;
}

const summaryData = quizSummaryResponseSchema.shape.data;
const summaryDetailsSchema = summaryData.shape.quizDetails;
/** The summary's body without `quizDetails` (its first key), which is encoded apart. */
const summaryRestSchema = z.object({ data: summaryData.omit({ quizDetails: true }) });
const SUMMARY_OPENING = '{"data":{';

/** A question's entry in the summary (after publication: answer and explanations), as JSON. */
function summaryQuestionJson(q: QuestionRow): string {
  return JSON.stringify(
    summaryQuestionSchema.encode({
      _id: q.id,
      ...revealedQuestion(q),
      ...(q.section !== null && { section: q.section }),
      ...participantTexts(q, true),
    }),
  );
}

/** True when the quiz's results were published, and last changed, at or before `cutoff` (ms). */
function settledBefore(quiz: QuizRow, cutoff: number): boolean {
  if (!quiz.resultsPublishedAt) return false;
  const changed = Math.max(
    quiz.resultsPublishedAt.getTime(),
    quiz.updatedAt.getTime(),
    quiz.analysedAt?.getTime() ?? 0,
  );
  return changed <= cutoff;
}

const elapsedSeconds = (ms: number) => Math.max(0, Math.round(ms / 1000));

/** The podium's key in the shared cache and on the invalidation bus. */
const LATEST_KEY = 'results:latest';

/** On the invalidation bus, followed by a quiz id: that published quiz's questions changed. */
const PUBLISHED_QUIZ_KEY = 'results:quiz:';
export const publishedQuizKey = (quizId: string) => `${PUBLISHED_QUIZ_KEY}${quizId}`;

/**
 * The public podium (landing page, no sign-in): initials for a learner who chose them, and a photo
 * only for a learner who opted in (docs/privacy.md).
 */
export function publicPodiumPerson(
  entry: RankedEntry,
  avatars: AvatarUrls,
): { name: string; profilePicUrl: string | null } {
  return {
    name: entry.initialsOnly ? initialsOf(entry.name) : entry.name,
    profilePicUrl: entry.publicPhoto && !entry.initialsOnly ? avatars.url(entry.profilePicKey) : null,
  };
}

/** Leaderboards (signed-in learners): initials and no photo for a learner who chose initials only. */
export function leaderboardPerson(
  entry: RankedEntry,
  avatars: AvatarUrls,
): { name: string; profilePicUrl: string | null } {
  return entry.initialsOnly
    ? { name: initialsOf(entry.name), profilePicUrl: null }
    : { name: entry.name, profilePicUrl: avatars.url(entry.profilePicKey) };
}

export class ResultsService {
  private latest: { value: LatestResultResponse; expiresAt: number } | null = null;
  private latestInFlight: Promise<LatestResultResponse> | null = null;
  private readonly publishedQuizzes = new Map<string, { value: Promise<PublishedQuiz>; expiresAt: number }>();

  /** Bumped whenever the podium is invalidated: a read that overlapped a publication is not kept. */
  private latestGeneration = 0;

  constructor(
    private readonly repo: ResultsRepository,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly avatars: AvatarUrls,
    /** Across instances: the podium lives in `shared`, and `bus` drops every copy on publication. */
    private readonly caches?: { bus: InvalidationBus; shared: SharedCache },
    /** A streaming replica's repository, for results that settled over `lagMs` ago (docs/deploy.md). */
    private readonly replica?: { repo: ResultsRepository; lagMs: number },
  ) {
    caches?.bus.subscribe((key) => {
      if (key === LATEST_KEY) this.forgetLatest();
      // Back from a Redis blip: whatever was announced meanwhile was missed.
      if (key === RESET_ALL_KEY) {
        this.publishedQuizzes.clear();
        this.forgetLatest();
      }
      // A key correction (analytics) changed this quiz's questions.
      if (key.startsWith(PUBLISHED_QUIZ_KEY)) this.forget(key.slice(PUBLISHED_QUIZ_KEY.length));
    });
  }

  /**
   * Reads of a quiz's settled results go to the replica: published, and neither published nor changed
   * (key correction, edit, analysis) within the replica's lag bound, so a lagging replica never answers
   * "not published" or an old rank. If the replica fails, or its answer contradicts the quiz row the
   * primary gave (`plausible` says no: an unranked attempt of a published quiz, a short page; the
   * publication's stamp is taken before its work commits, so a long batch can outlast the bound), the
   * primary answers.
   */
  private async read<T>(
    quiz: QuizRow,
    read: (repo: ResultsRepository) => Promise<T>,
    plausible: (value: T) => boolean = () => true,
  ): Promise<T> {
    const replica = this.replica;
    if (!replica || !settledBefore(quiz, this.clock.now().getTime() - replica.lagMs)) return read(this.repo);
    try {
      const value = await read(replica.repo);
      if (plausible(value)) return value;
      this.log.warn({ quizId: quiz.id }, 'the read replica is behind this quiz; reading the primary');
    } catch (err) {
      this.log.warn({ err, quizId: quiz.id }, 'the read replica failed; reading the primary');
    }
    return read(this.repo);
  }

  private forgetLatest(): void {
    this.latest = null;
    this.latestGeneration += 1;
  }

  /**
   * Results were published (the publication sweeper): the podium is dropped here first (a read that
   * overlapped is not kept), then from the shared cache and on every instance.
   */
  async podiumChanged(): Promise<void> {
    this.forgetLatest();
    await this.caches?.shared.delete(LATEST_KEY);
    await this.caches?.bus.publish(LATEST_KEY);
  }

  /** Drops a quiz's in-memory copy (after an answer-key correction, announced on the bus). */
  forget(quizId: string): void {
    this.publishedQuizzes.delete(quizId);
    this.latest = null;
  }

  private async findQuiz(quizId: string): Promise<QuizRow> {
    const quiz = await this.repo.findQuiz(quizId);
    if (!quiz) throw notFound(RESULT_MESSAGES.quizNotFound);
    return quiz;
  }

  private async participantCount(quiz: QuizRow): Promise<number> {
    return quiz.participantCount ?? (await this.read(quiz, (repo) => repo.countRanked(quiz.id)));
  }

  /** A published quiz with its questions and participant count, from memory when recently read. */
  private async publishedQuiz(quiz: QuizRow): Promise<PublishedQuiz> {
    const now = this.clock.now().getTime();
    const cached = this.publishedQuizzes.get(quiz.id);
    if (cached && now < cached.expiresAt) return cached.value;
    const value = (async () => ({
      quiz,
      questions: await this.read(quiz, (repo) => repo.findQuestions(quiz.id)),
      participants: await this.participantCount(quiz),
    }))();
    value.catch(() => this.publishedQuizzes.delete(quiz.id));
    if (this.publishedQuizzes.size >= PUBLISHED_QUIZ_CACHE_SIZE) {
      const oldest = this.publishedQuizzes.keys().next().value;
      if (oldest) this.publishedQuizzes.delete(oldest);
    }
    this.publishedQuizzes.set(quiz.id, { value, expiresAt: now + PUBLISHED_QUIZ_CACHE_MS });
    return value;
  }

  /** The quiz, from memory when it was published and read recently; otherwise from the database. */
  private async quizForResults(quizId: string): Promise<QuizRow> {
    const cached = this.publishedQuizzes.get(quizId);
    if (cached && this.clock.now().getTime() < cached.expiresAt) return (await cached.value).quiz;
    return this.findQuiz(quizId);
  }

  /** What every learner's summary of this published quiz shares, built on its first summary read. */
  private summaryParts(published: PublishedQuiz): SummaryParts {
    if (published.summary) return published.summary;
    const { quiz, questions } = published;
    const details = JSON.stringify(
      summaryDetailsSchema.encode({
        _id: quiz.id,
        name: quiz.name,
        desc: quiz.desc,
        duration: quiz.durationMin,
        class: quiz.class,
        questions: [],
      }),
    );
    published.summary = {
      markable: questions.map(markableQuestion),
      // `…,"questions":[]}` without its `[]}`: each learner's entries follow.
      detailsPrefix: details.slice(0, -'[]}'.length),
      // Choices in the stored order: a question's entry is the same for every learner.
      questionJson: quiz.shuffleChoices
        ? null
        : new Map(questions.map((q) => [q.id, summaryQuestionJson(q)])),
    };
    return published.summary;
  }

  /**
   * The signed-in participant's own summary (only after publication, only their own attempt), as the
   * JSON of the route's 200 body: byte for byte `JSON.stringify(quizSummaryResponseSchema.encode({ data
   * }))`, with the parts every learner shares (questions, the quiz's header) encoded once per quiz.
   */
  async summaryJson(quizId: string, userId: string): Promise<string> {
    const quiz = await this.quizForResults(quizId);
    const attempt = await this.read(
      quiz,
      (repo) => repo.findAttempt(quizId, userId),
      (found) => found !== undefined && found.rank !== null,
    );
    if (!attempt) throw notFound(RESULT_MESSAGES.notAttended);
    if (!quiz.resultsPublishedAt || attempt.rank === null || attempt.score === null) {
      throw forbidden(RESULT_MESSAGES.notPublished);
    }
    const published = await this.publishedQuiz(quiz);
    const parts = this.summaryParts(published);
    const questionRows = published.questions;
    const scored = markAttempt(parts.markable, attempt.answers, {
      correct: quiz.markCorrect,
      wrong: quiz.markWrong,
    });
    const totalParticipants = Math.max(published.participants, attempt.rank);
    // The learner's own order (ADR 014), as they saw the questions and choices in the attempt.
    const ordered = inLearnerOrder(questionRows, quiz.id, userId, quiz);
    const position = new Map(ordered.map((q, i) => [q.id, i]));
    const answers = scored.answers
      .map(({ qnId, selectedOption, isCorrect }) => ({ qnId, selectedOption, isCorrect }))
      .sort((a, b) => (position.get(a.qnId) ?? Infinity) - (position.get(b.qnId) ?? Infinity));
    const entries = ordered.map((q) => parts.questionJson?.get(q.id) ?? summaryQuestionJson(q));
    const rest = JSON.stringify(
      summaryRestSchema.encode({
        data: {
          quizzSummary: {
            score: attempt.score,
            startedAt: attempt.startedAt.toISOString(),
            submittedAt: attempt.submittedAt?.toISOString() ?? null,
            answers,
            allowedMinutes: quiz.durationMin + attempt.extraMs / 60_000,
            withCompensatoryTime: attempt.extraMs > 0,
          },
          rank: attempt.rank,
          totalParticipants,
          percentile: percentileForRank(attempt.rank, totalParticipants),
          ...sectionSummary(quiz, attempt, questionRows),
        },
      }),
    );
    // `{"data":{` + the quiz's details + `,` + the rest of `data` (quizDetails is data's first key).
    return `${SUMMARY_OPENING}"quizDetails":${parts.detailsPrefix}[${entries.join(',')}]},${rest.slice(SUMMARY_OPENING.length)}`;
  }

  /**
   * The landing page's podium. Public, so each instance answers from memory for
   * LATEST_RESULT_CACHE_SECONDS, a miss reads the copy every instance shares (Redis) before the
   * database, and concurrent misses share one read. Publication drops every copy at once.
   */
  async latestResult(): Promise<LatestResultResponse> {
    const now = this.clock.now().getTime();
    if (this.latest && now < this.latest.expiresAt) return this.latest.value;
    if (!this.latestInFlight) {
      const generation = this.latestGeneration;
      this.latestInFlight = this.readLatestResult(generation)
        .then((value) => {
          if (generation === this.latestGeneration)
            this.latest = {
              value,
              expiresAt: this.clock.now().getTime() + LATEST_RESULT_CACHE_SECONDS * 1000,
            };
          return value;
        })
        .finally(() => {
          this.latestInFlight = null;
        });
    }
    return this.latestInFlight;
  }

  private async readLatestResult(generation: number): Promise<LatestResultResponse> {
    const shared = await this.caches?.shared.get(LATEST_KEY);
    if (shared) return JSON.parse(shared) as LatestResultResponse;
    const value = await this.loadLatestResult();
    if (generation === this.latestGeneration)
      await this.caches?.shared.set(LATEST_KEY, JSON.stringify(value), LATEST_RESULT_CACHE_SECONDS);
    return value;
  }

  private async loadLatestResult(): Promise<LatestResultResponse> {
    const quiz = await this.repo.findLatestPublishedQuiz();
    if (!quiz) return { results: [], quiz: null };
    const [top, marked] = await Promise.all([
      this.read(
        quiz,
        (repo) => repo.findRanked(quiz.id, 0, 3),
        (top) => top.length >= Math.min(3, quiz.participantCount ?? 1),
      ),
      this.read(quiz, (repo) => repo.questionsForMaximum(quiz.id)),
    ]);
    return {
      results: top.map((entry) => ({
        _id: entry.id,
        score: entry.score,
        elapsedTime: elapsedSeconds(entry.elapsedMs),
        userId: publicPodiumPerson(entry, this.avatars),
      })),
      quiz: {
        _id: quiz.id,
        name: quiz.name,
        class: quiz.class,
        // The summary's maximum: live questions only, each at its section's marks.
        maxScore: maximumScore(marked, { correct: quiz.markCorrect, wrong: quiz.markWrong }, quiz.sections),
      },
    };
  }

  /** Ranked names with score and time, after publication only; never phone numbers. */
  async leaderboard(
    quizId: string,
    userId: string,
    page: number,
    limit: number,
  ): Promise<LeaderboardResponse> {
    const quiz = await this.quizForResults(quizId);
    if (!quiz.resultsPublishedAt) throw forbidden(RESULT_MESSAGES.notPublished);
    const offset = (page - 1) * limit;
    const { participants: total } = await this.publishedQuiz(quiz);
    const entries = await this.read(
      quiz,
      (repo) => repo.findRanked(quiz.id, offset, limit),
      (found) => found.length >= Math.min(limit, Math.max(0, total - offset)),
    );
    return {
      results: entries.map((entry) => ({
        _id: entry.id,
        rank: entry.rank,
        score: entry.score,
        elapsedTime: elapsedSeconds(entry.elapsedMs),
        userId: leaderboardPerson(entry, this.avatars),
        isMe: entry.userId === userId,
        withCompensatoryTime: entry.extraMs > 0,
      })),
      total,
      page,
      limit,
    };
  }
}
