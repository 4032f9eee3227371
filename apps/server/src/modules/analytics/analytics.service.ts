import { createHash } from 'node:crypto';
import { adviseMarking } from '@quizcast/contract/domain/negative-marking';
import { percentileForRank } from '@quizcast/contract/domain/percentile';
import { formatNumericAnswer } from '@quizcast/contract/domain/numeric-answer';
import { CHOICE_LETTERS } from '@quizcast/contract/schemas/question-rules';
import {
  ANALYTICS_MESSAGES,
  ITEM_FLAGS,
  type AccuracyRow,
  type ItemAnalysisResponse,
  type ItemFlag,
  type ItemRow,
  type ProgressResponse,
  type QuizAnalysisResponse,
  TREND_POINTS,
} from '@quizcast/contract/schemas/analytics';
import { isUuid } from '@quizcast/contract/schemas/ids';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import type { Clock } from '../../lib/clock';
import { markableQuestion, markAttempt, maximumScore, totalMarks } from '../marking/marking';
import { toCorrection } from './key-correction.service';
import type {
  AnalyticsRepository,
  AnswerGroupRow,
  ItemAnalysisRow,
  QuestionRow,
  QuizRow,
} from './analytics.repository';
import { itemSections, trendSections } from './item-sections';

const LAPSING_TOPICS = 3;
const TIME_SINKS = 5;
/** Label for questions without a topic. */
export const NO_TOPIC = 'No topic';

const round1 = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;
const pct = (part: number, whole: number) => (whole > 0 ? round1((part / whole) * 100) : 0);

/** Weakest first: lowest accuracy, then the row with more questions (a firmer verdict), then by name. */
function weakestFirst(a: AccuracyRow, b: AccuracyRow): number {
  return a.accuracy - b.accuracy || b.questions - a.questions || a.label.localeCompare(b.label);
}

function accuracyRows(groups: AnswerGroupRow[], key: (g: AnswerGroupRow) => string): AccuracyRow[] {
  const sums = new Map<string, { questions: number; correct: number }>();
  for (const g of groups) {
    const label = key(g);
    const s = sums.get(label) ?? { questions: 0, correct: 0 };
    s.questions += g.questions;
    s.correct += g.correct;
    sums.set(label, s);
  }
  return [...sums.entries()]
    .map(([label, s]) => ({ label, ...s, accuracy: pct(s.correct, s.questions) }))
    .sort(weakestFirst);
}

/** Facility, discrimination, distractors and flags of one question from its materialised counts. */
export function itemRow(q: QuestionRow, number: number, stats: ItemAnalysisRow | undefined): ItemRow {
  const n = stats?.participants ?? 0;
  const gs = stats?.groupSize ?? 0;
  const counts = q.choices.map((_, i) => stats?.optionCounts[i] ?? 0);
  const topCounts = q.choices.map((_, i) => stats?.topOptionCounts[i] ?? 0);
  const discrimination =
    stats && n >= 2 && gs > 0 ? round2((stats.topCorrect - stats.bottomCorrect) / gs) : null;
  const flags: ItemFlag[] = [];
  if (q.droppedAt === null && n >= 2) {
    if (discrimination !== null && discrimination < 0) flags.push(ITEM_FLAGS[0]);
    // A numeric question has no distractors (topCounts is empty), so only the first flag applies.
    const keyed = topCounts[q.ansIndex] ?? 0;
    if (topCounts.some((c, i) => i !== q.ansIndex && c > keyed)) flags.push(ITEM_FLAGS[1]);
  }
  return {
    questionId: q.id,
    number,
    qn: q.qn,
    topic: q.topic,
    choices: q.choices,
    ansIndex: q.ansIndex,
    type: q.type,
    numericAnswer: q.numericAnswer,
    tolerance: q.tolerance,
    dropped: q.droppedAt !== null,
    facility: pct(stats?.correct ?? 0, n),
    discrimination,
    options: q.choices.map((choice, i) => ({
      choice,
      count: counts[i]!,
      share: pct(counts[i]!, n),
      topShare: pct(topCounts[i]!, gs),
    })),
    skipped: stats?.skipped ?? 0,
    skippedShare: pct(stats?.skipped ?? 0, n),
    wrongShare: pct(Math.max(0, n - (stats?.correct ?? 0) - (stats?.skipped ?? 0)), n),
    avgTimeMs:
      stats?.avgTimeMs === null || stats?.avgTimeMs === undefined ? null : Math.round(stats.avgTimeMs),
    flags,
    section: q.section,
  };
}

const csvCell = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  return /[",\n\r]/.test(s) || /^[=+\-@]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export class AnalyticsService {
  constructor(
    private readonly repo: AnalyticsRepository,
    private readonly clock: Clock,
  ) {}

  /** The quiz, or 404 (also for an id that is not a UUID). */
  async quiz(quizId: string): Promise<QuizRow> {
    const quiz = isUuid(quizId) ? await this.repo.findQuiz(quizId) : undefined;
    if (!quiz) throw notFound(ANALYTICS_MESSAGES.quizNotFound);
    return quiz;
  }

  /**
   * Item analysis rows, once the step after publication has made them whole (ADR 017); until then a
   * 409 "being prepared" (never a half-built table).
   */
  private async items(quiz: QuizRow): Promise<ItemAnalysisRow[]> {
    if (!quiz.analysedAt) throw conflict(ANALYTICS_MESSAGES.preparing);
    return this.repo.itemRows(quiz.id);
  }

  // ---- learner ---------------------------------------------------------------------------------

  /**
   * The progress page as the JSON the route sends, with its ETag (ADR 017, "Progress"). The part from
   * published quizzes is cached per learner (`learner_progress`) under a stamp that changes with every
   * publication, analysis, key correction or edit of their quizzes, and recomputed when the stamp
   * differs; the spaced-repetition part is read live.
   */
  async progress(userId: string): Promise<{ body: string; etag: string }> {
    const now = this.clock.now();
    const state = await this.repo.progressState(userId);
    const recall = this.repo.recall(userId, now, LAPSING_TOPICS);
    let published = state.cached && state.cached.stamp === state.stamp ? state.cached.body : null;
    if (published === null) {
      published = JSON.stringify(await this.publishedProgress(userId));
      await this.repo.saveProgress(userId, state.stamp, published, now);
    }
    const r = await recall;
    const recallPart: ProgressResponse['recall'] = {
      cards: r.cards,
      due: r.due,
      reviews: r.reviews,
      retention: r.reviews ? pct(r.remembered, r.reviews) : null,
      lapsingTopics: r.lapsingTopics,
    };
    const body = `${published.slice(0, -1)},"recall":${JSON.stringify(recallPart)}}`;
    return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
  }

  /** Everything on the progress page that comes from published quizzes, computed in SQL. */
  async publishedProgress(userId: string): Promise<Omit<ProgressResponse, 'recall'>> {
    const [trend, groups] = await Promise.all([
      this.repo.trend(userId, TREND_POINTS),
      this.repo.answerGroups(userId),
    ]);
    const total = groups.reduce(
      (s, g) => ({
        questions: s.questions + g.questions,
        attempted: s.attempted + g.attempted,
        correct: s.correct + g.correct,
        timedCount: s.timedCount + g.timedCount,
        timedSum: s.timedSum + g.timedSumMs,
        comparedCount: s.comparedCount + g.comparedCount,
        comparedTop10: s.comparedTop10 + g.comparedTop10SumMs,
      }),
      {
        questions: 0,
        attempted: 0,
        correct: 0,
        timedCount: 0,
        timedSum: 0,
        comparedCount: 0,
        comparedTop10: 0,
      },
    );
    return {
      quizzes: trend[0]?.total ?? 0,
      trend: trend.map((t) => {
        const sectioned = t.sections.length > 0;
        // Each live question at its section's marks (ADR 022), as the summary's maximum.
        const maxScore = sectioned
          ? maximumScore(
              t.liveSections.map((section) => ({ dropped: false, section })),
              { correct: t.markCorrect, wrong: 0 },
              t.sections,
            )
          : round2(t.questionCount * t.markCorrect);
        return {
          quizId: t.quizId,
          name: t.name,
          exam: t.exam,
          publishedAt: t.publishedAt.toISOString(),
          score: t.score,
          maxScore,
          scorePercent: maxScore > 0 ? round1((t.score / maxScore) * 100) : 0,
          rank: t.rank,
          participants: Math.max(t.participants, t.rank),
          percentile: percentileForRank(t.rank, Math.max(t.participants, t.rank)),
          ...(sectioned && t.sectionResults && { sections: trendSections(t) }),
        };
      }),
      byExam: accuracyRows(groups, (g) => g.exam),
      byTopic: accuracyRows(groups, (g) => g.topic ?? NO_TOPIC),
      speed: {
        timedQuestions: total.timedCount,
        yourAvgMs: total.timedCount ? Math.round(total.timedSum / total.timedCount) : null,
        top10MedianMs: total.comparedCount ? Math.round(total.comparedTop10 / total.comparedCount) : null,
      },
      strategy: {
        questions: total.questions,
        attempted: total.attempted,
        skipped: total.questions - total.attempted,
        correct: total.correct,
        accuracyOnAttempted: total.attempted ? pct(total.correct, total.attempted) : null,
      },
    };
  }

  /** One learner's Analysis tab: only their own attempt, only after publication. */
  async quizAnalysis(quizId: string, userId: string): Promise<QuizAnalysisResponse> {
    const quiz = await this.quiz(quizId);
    const attempt = await this.repo.findAttempt(quiz.id, userId);
    if (!attempt) throw notFound(ANALYTICS_MESSAGES.notAttended);
    if (!quiz.resultsPublishedAt || attempt.rank === null || attempt.score === null) {
      throw forbidden(ANALYTICS_MESSAGES.notPublished);
    }
    const [questionRows, items, corrections] = await Promise.all([
      this.repo.questionsOf(quiz.id),
      this.items(quiz),
      this.repo.corrections(quiz.id),
    ]);
    const stats = new Map(items.map((r) => [r.questionId, r]));
    const scheme = { correct: quiz.markCorrect, wrong: quiz.markWrong };
    const scored = markAttempt(questionRows.map(markableQuestion), attempt.answers, scheme);
    const times = new Map(
      attempt.answers.flatMap((a) =>
        typeof a.timeSpentMs === 'number' && Number.isFinite(a.timeSpentMs)
          ? [[a.qnId, a.timeSpentMs] as const]
          : [],
      ),
    );

    const topics = new Map<string, { questions: number; correct: number; wrong: number; skipped: number }>();
    questionRows.forEach((q, i) => {
      if (q.droppedAt !== null) return;
      const label = q.topic ?? NO_TOPIC;
      const t = topics.get(label) ?? { questions: 0, correct: 0, wrong: 0, skipped: 0 };
      const answer = scored.answers[i]!;
      t.questions += 1;
      if (answer.isCorrect) t.correct += 1;
      else if (answer.selectedOption === null) t.skipped += 1;
      else t.wrong += 1;
      topics.set(label, t);
    });

    const timing = questionRows.map((q, i) => ({
      number: i + 1,
      yourMs: times.get(q.id) ?? null,
      top10MedianMs: numOr(stats.get(q.id)?.top10MedianTimeMs),
    }));
    const skipped = scored.answers.filter(
      (a, i) => a.selectedOption === null && questionRows[i]!.droppedAt === null,
    ).length;
    // Numeric questions have no choices to rule out: the advisor's elimination figure is about MCQs.
    const maxChoices = Math.max(2, ...questionRows.map((q) => q.choices.length));
    return {
      quizId: quiz.id,
      name: quiz.name,
      markingScheme: scheme,
      byTopic: [...topics.entries()]
        .map(([label, t]) => ({
          label,
          ...t,
          // A topic's marks as the marking module totals any group of answers.
          marks: totalMarks(t, scheme),
          maxMarks: round2(t.questions * scheme.correct),
          accuracy: pct(t.correct, t.questions),
        }))
        .sort(
          (a, b) => a.accuracy - b.accuracy || b.questions - a.questions || a.label.localeCompare(b.label),
        ),
      timing: {
        hasData: times.size > 0,
        questions: timing,
        timeSinks: timing
          .flatMap((t) => (t.yourMs === null ? [] : [{ ...t, yourMs: t.yourMs }]))
          .sort((a, b) => b.yourMs - a.yourMs || a.number - b.number)
          .slice(0, TIME_SINKS),
      },
      advisor: {
        correct: scored.correctCount,
        wrong: scored.wrongCount,
        skipped,
        ...adviseMarking(
          scheme,
          { correct: scored.correctCount, wrong: scored.wrongCount, skipped },
          maxChoices,
        ),
      },
      questions: questionRows.map((q, i) => {
        const s = stats.get(q.id);
        return { qnId: q.id, number: i + 1, percentCorrect: pct(s?.correct ?? 0, s?.participants ?? 0) };
      }),
      corrections: corrections
        .map((c) => ({
          number: c.questionNumber,
          correctedAt: c.createdAt.toISOString(),
          dropped: c.dropped,
        }))
        .reverse(),
    };
  }

  // ---- admin ---------------------------------------------------------------------------------------

  async itemAnalysis(quizId: string): Promise<ItemAnalysisResponse> {
    const quiz = await this.quiz(quizId);
    if (!quiz.resultsPublishedAt) throw conflict(ANALYTICS_MESSAGES.notPublished);
    const [questionRows, items, corrections] = await Promise.all([
      this.repo.questionsOf(quiz.id),
      this.items(quiz),
      this.repo.corrections(quiz.id),
    ]);
    const stats = new Map(items.map((r) => [r.questionId, r]));
    const first = items[0];
    const rows = questionRows.map((q, i) => itemRow(q, i + 1, stats.get(q.id)));
    return {
      quiz: { _id: quiz.id, name: quiz.name },
      participants: first?.participants ?? 0,
      groupSize: first?.groupSize ?? 0,
      computedAt: first?.computedAt.toISOString() ?? null,
      items: rows,
      corrections: corrections.map(toCorrection),
      sections: itemSections(quiz.sections, rows),
    };
  }

  async itemAnalysisCsv(quizId: string): Promise<{ filename: string; csv: string }> {
    const data = await this.itemAnalysis(quizId);
    const maxChoices = Math.max(0, ...data.items.map((i) => i.choices.length));
    // Issue 26: a sectioned quiz's rows say their section (by its English name).
    const sectionOf = (item: (typeof data.items)[number]) =>
      item.section == null ? [] : [data.sections?.[item.section]?.name ?? null];
    const sectioned = (data.sections?.length ?? 0) > 0;
    const header = [
      'Question',
      ...(sectioned ? ['Section'] : []),
      'Topic',
      'Key',
      'Dropped',
      'Facility %',
      'Discrimination',
      ...Array.from({ length: maxChoices }, (_, i) => `Option ${CHOICE_LETTERS[i]} %`),
      'Skipped %',
      'Average time (s)',
      'Flags',
    ];
    const lines = data.items.map((item) =>
      [
        item.number,
        ...(sectioned ? sectionOf(item) : []),
        item.topic,
        item.type === 'numeric'
          ? formatNumericAnswer(item.numericAnswer ?? '', item.tolerance)
          : (CHOICE_LETTERS[item.ansIndex] ?? String(item.ansIndex + 1)),
        item.dropped ? 'yes' : 'no',
        item.facility,
        item.discrimination,
        ...Array.from({ length: maxChoices }, (_, i) => item.options[i]?.share ?? null),
        item.skippedShare,
        item.avgTimeMs === null ? null : round1(item.avgTimeMs / 1000),
        item.flags.join('; '),
      ]
        .map(csvCell)
        .join(','),
    );
    const csv = `\uFEFF${[header.map(csvCell).join(','), ...lines].join('\r\n')}\r\n`;
    return { filename: `item-analysis-${data.quiz._id}.csv`, csv };
  }
}

function numOr(v: number | null | undefined): number | null {
  return v === null || v === undefined ? null : Math.round(v);
}
