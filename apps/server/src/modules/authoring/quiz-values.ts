import { adminQuizStatus, paiseToRupees, rupeesToPaise } from '@quizcast/contract/domain/admin-quiz';
import { canonicalNumber, type QuestionType } from '@quizcast/contract/domain/numeric-answer';
import { questionAudioUrl } from '@quizcast/contract/schemas/question-audio';
import type { AdminQuestion } from '@quizcast/contract/schemas/admin-quiz';
import { hasHindiVersion } from '@quizcast/contract/schemas/question-rules';
import type { QuizInputParsed } from '@quizcast/contract/schemas/quiz-input';
import type { StoredQuestionMath, StoredSection } from '../../db/schema';
import { badRequest } from '../../lib/http-error';
import { RenderBudget } from '../../lib/formula-bounds';
import { renderQuestionMath } from '../../lib/question-math';
import type { QuestionRow, QuestionValues, QuizInsert, QuizRow } from './authoring.repository';

/** From an authoring request to stored rows and back (quizzes, questions, their frozen parts). */

export const iso = (d: Date) => d.toISOString();
export const sameTime = (a: Date, b: Date) => a.getTime() === b.getTime();
const sameChoices = (a: string[], b: string[]) => a.length === b.length && a.every((c, i) => c === b[i]);

export function quizValues(input: QuizInputParsed): Omit<QuizInsert, 'createdBy'> {
  return {
    name: input.name,
    desc: input.desc.trim(),
    exam: input.exam,
    class: input.class,
    durationMin: input.duration,
    startAt: new Date(input.startTimeStamp),
    endAt: new Date(input.endTimeStamp),
    pricePaise: rupeesToPaise(input.price),
    markCorrect: input.markingScheme?.correct ?? 1,
    markWrong: input.markingScheme?.wrong ?? 0,
    instructions: input.instructions ?? [],
    published: input.published,
    // ADR 014: absent on edit leaves the stored choice (absent on create: see createQuiz).
    ...(input.showScoreOnSubmit === undefined ? {} : { showScoreOnSubmit: input.showScoreOnSubmit }),
    ...(input.shuffleQuestions === undefined ? {} : { shuffleQuestions: input.shuffleQuestions }),
    ...(input.shuffleChoices === undefined ? {} : { shuffleChoices: input.shuffleChoices }),
    ...(input.previousYear === undefined ? {} : { previousYear: input.previousYear }),
  };
}

/**
 * Issue 26 (ADR 022): the quiz's sections and navigation after this request (absent: the stored
 * ones; a new quiz: none, free), each question's section index, and the duration: a locked quiz's is
 * the sum of its sections' times, whatever the request said. 400 for a question whose section does
 * not fit the sections.
 */
export function sectionValues(
  input: QuizInputParsed,
  stored: { sections: StoredSection[]; navigation: 'free' | 'locked' } | null,
  existing: QuestionRow[],
): {
  sections: StoredSection[];
  navigation: 'free' | 'locked';
  durationMin: number;
  questionSections: (number | null)[];
} {
  const sections: StoredSection[] = input.sections
    ? input.sections.map((s) => ({
        name: s.name,
        nameHi: s.nameHi,
        durationMin: s.duration ?? null,
        markCorrect: s.markingScheme?.correct ?? null,
        markWrong: s.markingScheme?.wrong ?? null,
        cutoff: s.cutoff ?? null,
      }))
    : (stored?.sections ?? []);
  const navigation = input.navigation ?? stored?.navigation ?? 'free';
  const byId = new Map(existing.map((q) => [q.id, q.section]));
  const problems: string[] = [];
  const questionSections = input.questions.map((q, i) => {
    const section = q.section !== undefined ? q.section : q._id ? (byId.get(q._id) ?? null) : null;
    if (sections.length > 0 && (section === null || section >= sections.length))
      problems.push(`Question ${i + 1} needs one of the quiz's sections`);
    if (sections.length === 0 && section !== null)
      problems.push(`Question ${i + 1}: the quiz has no sections`);
    return section;
  });
  if (navigation === 'locked' && sections.length === 0)
    problems.push('A locked quiz needs at least one section');
  if (navigation === 'locked' && sections.some((s) => s.durationMin === null))
    problems.push('Every section needs its own time in a locked quiz');
  if (problems.length) throw badRequest(problems);
  const locked = navigation === 'locked';
  const durationMin = locked ? sections.reduce((sum, s) => sum + (s.durationMin ?? 0), 0) : input.duration;
  if (durationMin > 300) throw badRequest("The sections' times add up to more than 300 minutes");
  return { sections, navigation, durationMin, questionSections };
}

/** Sections after participants started: only names and cut-offs may change (ADR 022). */
export function frozenSectionChanges(
  quiz: Pick<QuizRow, 'sections' | 'navigation'>,
  existing: QuestionRow[],
  next: ReturnType<typeof sectionValues>,
): string[] {
  const why = 'after participants have started this quiz';
  const sameShape =
    next.navigation === quiz.navigation &&
    next.sections.length === quiz.sections.length &&
    next.sections.every((s, i) => {
      const was = quiz.sections[i]!;
      return (
        s.durationMin === was.durationMin &&
        s.markCorrect === was.markCorrect &&
        s.markWrong === was.markWrong
      );
    });
  const sameQuestions = existing.every((q, i) => (next.questionSections[i] ?? null) === q.section);
  return sameShape && sameQuestions
    ? []
    : [`Sections (their order, times, marking, questions) and navigation cannot change ${why}`];
}

type QuestionFields = {
  qn: string;
  choices: string[];
  ansIndex?: number;
  explanation?: string | null;
  lang?: 'en' | 'hi';
  topic?: string | null;
  type?: QuestionType;
  numericAnswer?: string | null;
  tolerance?: string | null;
  qnHi?: string | null;
  choicesHi?: string[] | null;
  explanationHi?: string | null;
};

/** The texts as stored: trimmed, the Hindi version all or nothing (issue 12). */
export function questionTexts(q: QuestionFields) {
  const bilingual = hasHindiVersion(q);
  return {
    qn: q.qn.trim(),
    choices: q.choices.map((c) => c.trim()),
    explanation: q.explanation?.trim() || null,
    lang: q.lang ?? ('en' as const),
    qnHi: bilingual ? q.qnHi!.trim() : null,
    choicesHi: bilingual ? (q.choicesHi ?? []).map((c) => c.trim()) : null,
    explanationHi: bilingual ? q.explanationHi?.trim() || null : null,
  };
}

/**
 * The formulas of every question rendered (ADR 019), before anything is written: a malformed one is
 * a 400 naming its question ("Question 3: …", or its line for an import).
 */
export async function renderedMath(
  questions: QuestionFields[],
  label: (i: number) => string,
): Promise<(StoredQuestionMath | null)[]> {
  const problems: string[] = [];
  const out: (StoredQuestionMath | null)[] = [];
  const budget = new RenderBudget();
  for (const [i, q] of questions.entries()) {
    const { math, problems: found } = await renderQuestionMath(questionTexts(q), label(i), budget);
    problems.push(...found);
    out.push(math);
  }
  if (problems.length) throw badRequest(problems);
  return out;
}

export function questionValues(
  q: QuestionFields,
  position: number,
  math: StoredQuestionMath | null,
): QuestionValues {
  const numeric = q.type === 'numeric';
  return {
    position,
    ...questionTexts(q),
    choices: numeric ? [] : q.choices.map((c) => c.trim()),
    ansIndex: numeric ? 0 : (q.ansIndex ?? 0),
    topic: q.topic?.trim() || null,
    // Numeric questions (issue 12): the key and tolerance as canonical decimal text ("2.50" → "2.5").
    type: numeric ? 'numeric' : 'mcq',
    numericAnswer: numeric ? canonicalNumber(q.numericAnswer ?? '') : null,
    tolerance: numeric && q.tolerance?.trim() ? canonicalNumber(q.tolerance) : null,
    math,
  };
}

export function toAdminQuestion(q: QuestionRow): AdminQuestion {
  return {
    _id: q.id,
    qn: q.qn,
    choices: q.choices,
    ansIndex: q.ansIndex,
    explanation: q.explanation,
    lang: q.lang,
    topic: q.topic,
    qnHi: q.qnHi,
    choicesHi: q.choicesHi,
    explanationHi: q.explanationHi,
    audioUrl: q.audioKey ? questionAudioUrl(q.audioKey) : null,
    type: q.type,
    numericAnswer: q.numericAnswer,
    tolerance: q.tolerance,
    section: q.section,
  };
}

export function quizSummaryFields(quiz: QuizRow, now: Date) {
  return {
    _id: quiz.id,
    name: quiz.name,
    desc: quiz.desc,
    exam: quiz.exam,
    class: quiz.class,
    duration: quiz.durationMin,
    startTimeStamp: iso(quiz.startAt),
    endTimeStamp: iso(quiz.endAt),
    price: paiseToRupees(quiz.pricePaise),
    published: quiz.published,
    status: adminQuizStatus(
      { published: quiz.published, startTimeStamp: quiz.startAt, endTimeStamp: quiz.endAt },
      now,
    ),
    resultsPublished: quiz.resultsPublishedAt !== null,
  };
}

/** Every change a quiz with attempts may not take, as messages (empty when the edit is allowed). */
export function frozenChanges(
  quiz: QuizRow,
  existing: QuestionRow[],
  input: QuizInputParsed,
  values: ReturnType<typeof quizValues>,
): string[] {
  const refused: string[] = [];
  const why = 'after participants have started this quiz';
  if (values.durationMin !== quiz.durationMin) refused.push(`Duration cannot change ${why}`);
  if (!sameTime(values.startAt as Date, quiz.startAt)) refused.push(`Start time cannot change ${why}`);
  if (values.markCorrect !== quiz.markCorrect || values.markWrong !== quiz.markWrong)
    refused.push(`Marking scheme cannot change ${why}`);
  // A learner resuming must see the order they started with (ADR 014).
  if (
    (values.shuffleQuestions !== undefined && values.shuffleQuestions !== quiz.shuffleQuestions) ||
    (values.shuffleChoices !== undefined && values.shuffleChoices !== quiz.shuffleChoices)
  )
    refused.push(`Shuffling cannot change ${why}`);
  if (input.questions.length !== existing.length) {
    refused.push(`Questions cannot be added or removed ${why}`);
    return refused;
  }
  input.questions.forEach((q, i) => {
    const row = existing[i]!;
    const label = `Question ${i + 1}`;
    if (q._id && q._id !== row.id) {
      refused.push(`${label}: questions cannot be reordered or replaced ${why}`);
      return;
    }
    if (
      !sameChoices(
        q.choices.map((c) => c.trim()),
        row.choices,
      )
    )
      refused.push(`${label}: choices cannot change ${why}`);
    const next = questionValues(q, i, null);
    if (
      next.type !== row.type ||
      (next.type === 'mcq' && next.ansIndex !== row.ansIndex) ||
      next.numericAnswer !== row.numericAnswer ||
      next.tolerance !== row.tolerance
    )
      refused.push(`${label}: the correct answer cannot change ${why}`);
  });
  return refused;
}
