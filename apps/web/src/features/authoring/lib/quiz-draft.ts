import { EDUCATION_LEVELS } from '@quizcast/contract/constants';
import type { AdminQuiz } from '@quizcast/contract/schemas/admin-quiz';
import type { QuestionLang } from '@quizcast/contract/schemas/question-rules';
import { quizInputSchema, type QuizInput } from '@quizcast/contract/schemas/quiz-input';
import { quizIntegrityDefaults } from '@quizcast/contract/domain/quiz-integrity';
import type { QuestionType } from '@quizcast/contract/domain/numeric-answer';
import { fromLocalInput, toLocalInput } from '../../../lib/date-time';
import {
  draftDuration,
  draftSectionFrom,
  numberOrMissing,
  sectionsInput,
  type DraftSection,
  type NavigationRule,
} from './draft-sections';

/** One question as the editor holds it (text inputs are strings until saved). */
export interface DraftQuestion {
  /** Stable React key for reordering. */
  key: string;
  /** Set for questions that already exist on the server (keeps saved answers linked). */
  _id?: string;
  qn: string;
  choices: string[];
  ansIndex: number;
  explanation: string;
  lang: QuestionLang;
  /** Optional subject area for analytics (≤ 60 characters); '' when none. */
  topic: string;
  /** Optional Hindi version (issue 12): '' when none; `choicesHi` has one entry per choice. */
  qnHi: string;
  choicesHi: string[];
  explanationHi: string;
  /** The saved question's recording (managed through its own API, not saved with the quiz). */
  audioUrl?: string | null;
  /** 'numeric' (issue 12): the choices are kept aside and the answer is a number ± tolerance. */
  type: QuestionType;
  /** Text as typed; '' when none. */
  numericAnswer: string;
  tolerance: string;
  /** Issue 26: the index of its section in `QuizDraft.sections`; null when the quiz has none. */
  section: number | null;
}

export interface QuizDraft {
  name: string;
  desc: string;
  exam: string;
  class: string;
  duration: string;
  /** `datetime-local` values in the browser's zone. */
  start: string;
  end: string;
  /** The saved instants, sent back unchanged when the inputs were not touched (minute rounding). */
  savedStart?: string;
  savedEnd?: string;
  price: string;
  markCorrect: string;
  markWrong: string;
  /** One instruction per line. */
  instructions: string;
  /** Issue 27: the year of a previous-year paper as typed ('' : not one; absent in older copies: unchanged). */
  previousYear?: string;
  published: boolean;
  /** ADR 014. null: the default for the kind of quiz (follows price and exam until the admin chooses). */
  showScoreOnSubmit: boolean | null;
  shuffleQuestions: boolean | null;
  shuffleChoices: boolean | null;
  /** Issue 26 (ADR 022): free (one clock) or locked (each section its own clock, in order). */
  navigation: NavigationRule;
  sections: DraftSection[];
  questions: DraftQuestion[];
}

export type IntegrityOption = 'showScoreOnSubmit' | 'shuffleQuestions' | 'shuffleChoices';

/** What an option is for this draft: the admin's choice, or the default for its price and exam. */
export function integrityOption(draft: QuizDraft, option: IntegrityOption): boolean {
  const chosen = draft[option];
  if (chosen !== null) return chosen;
  const price = Number(draft.price);
  return quizIntegrityDefaults({ price: Number.isFinite(price) ? price : 0, exam: draft.exam })[option];
}

let keySeq = 0;
export const newKey = () => `q${Date.now().toString(36)}${(keySeq += 1)}`;

export function blankQuestion(): DraftQuestion {
  return {
    key: newKey(),
    qn: '',
    choices: ['', '', '', ''],
    ansIndex: 0,
    explanation: '',
    lang: 'en',
    topic: '',
    type: 'mcq',
    numericAnswer: '',
    tolerance: '',
    section: null,
    qnHi: '',
    choicesHi: ['', '', '', ''],
    explanationHi: '',
  };
}

export function isBlankQuestion(q: DraftQuestion): boolean {
  return (
    !q.qn.trim() &&
    q.choices.every((c) => !c.trim()) &&
    !q.explanation.trim() &&
    !(q.numericAnswer ?? '').trim()
  );
}

export function emptyDraft(): QuizDraft {
  return {
    name: '',
    desc: '',
    exam: 'SSC',
    class: EDUCATION_LEVELS[4],
    duration: '10',
    start: '',
    end: '',
    price: '0',
    markCorrect: '1',
    markWrong: '0',
    instructions: '',
    previousYear: '',
    published: true,
    showScoreOnSubmit: null,
    shuffleQuestions: null,
    shuffleChoices: null,
    navigation: 'free',
    sections: [],
    questions: [blankQuestion()],
  };
}

export function draftFromQuiz(quiz: AdminQuiz): QuizDraft {
  return {
    name: quiz.name,
    desc: quiz.desc,
    exam: quiz.exam,
    class: quiz.class,
    duration: String(quiz.duration),
    start: toLocalInput(quiz.startTimeStamp),
    end: toLocalInput(quiz.endTimeStamp),
    savedStart: quiz.startTimeStamp,
    savedEnd: quiz.endTimeStamp,
    price: String(quiz.price),
    markCorrect: String(quiz.markingScheme.correct),
    markWrong: String(quiz.markingScheme.wrong),
    instructions: quiz.instructions.join('\n'),
    previousYear: quiz.previousYear === null ? '' : String(quiz.previousYear),
    published: quiz.published,
    showScoreOnSubmit: quiz.showScoreOnSubmit,
    shuffleQuestions: quiz.shuffleQuestions,
    shuffleChoices: quiz.shuffleChoices,
    navigation: quiz.navigation ?? 'free',
    sections: (quiz.sections ?? []).map(draftSectionFrom),
    questions: quiz.questions.map((q) => ({
      key: newKey(),
      _id: q._id,
      qn: q.qn,
      choices: [...q.choices],
      ansIndex: q.ansIndex,
      explanation: q.explanation ?? '',
      lang: q.lang,
      topic: q.topic ?? '',
      qnHi: q.qnHi ?? '',
      choicesHi: q.choices.map((_, i) => q.choicesHi?.[i] ?? ''),
      explanationHi: q.explanationHi ?? '',
      audioUrl: q.audioUrl,
      type: q.type,
      numericAnswer: q.numericAnswer ?? '',
      tolerance: q.tolerance ?? '',
      section: q.section ?? null,
    })),
  };
}

function instant(local: string, saved?: string): string {
  if (saved && local === toLocalInput(saved)) return saved;
  return fromLocalInput(local);
}

/** The API body for a draft (not yet validated). */
export function draftToInput(draft: QuizDraft): QuizInput {
  const correct = numberOrMissing(draft.markCorrect);
  const wrong = numberOrMissing(draft.markWrong);
  return {
    name: draft.name,
    desc: draft.desc,
    exam: draft.exam as QuizInput['exam'],
    class: draft.class as QuizInput['class'],
    duration: draftDuration(draft) as number,
    startTimeStamp: instant(draft.start, draft.savedStart),
    endTimeStamp: instant(draft.end, draft.savedEnd),
    price: (numberOrMissing(draft.price) ?? 0) as number,
    markingScheme: { correct: correct ?? 1, wrong: wrong ?? 0 },
    instructions: draft.instructions
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    ...previousYearInput(draft.previousYear),
    published: draft.published,
    showScoreOnSubmit: integrityOption(draft, 'showScoreOnSubmit'),
    shuffleQuestions: integrityOption(draft, 'shuffleQuestions'),
    shuffleChoices: integrityOption(draft, 'shuffleChoices'),
    ...sectionsInput(draft),
    questions: draft.questions.map((q) => ({
      ...(q._id ? { _id: q._id } : {}),
      section: draft.sections.length > 0 ? q.section : null,
      qn: q.qn,
      explanation: q.explanation.trim() ? q.explanation : null,
      lang: q.lang,
      topic: q.topic.trim() ? q.topic.trim() : null,
      ...(q.type === 'numeric'
        ? {
            type: 'numeric' as const,
            choices: [],
            ansIndex: 0,
            // A draft restored from an older copy on the device may lack these.
            numericAnswer: (q.numericAnswer ?? '').trim(),
            tolerance: (q.tolerance ?? '').trim() || null,
          }
        : { choices: q.choices, ansIndex: q.ansIndex }),
      ...hindiInput(q),
    })),
  };
}

/** '' clears the tag (null); a draft without the field (an older copy) leaves it unchanged. */
function previousYearInput(year: string | undefined): Pick<QuizInput, 'previousYear'> {
  if (year === undefined) return {};
  return { previousYear: year.trim() === '' ? null : Number(year) };
}

/** The Hindi version as the API takes it: all of it, or nulls when the admin wrote none. */
function hindiInput(q: DraftQuestion) {
  const any = q.qnHi.trim() || q.explanationHi.trim() || q.choicesHi.some((c) => c.trim());
  if (!any) return { qnHi: null, choicesHi: null, explanationHi: null };
  return {
    qnHi: q.qnHi,
    choicesHi: q.choices.map((_, i) => q.choicesHi[i] ?? ''),
    explanationHi: q.explanationHi.trim() ? q.explanationHi : null,
  };
}

export interface DraftProblems {
  /** Every message, in the order the schema reports them. */
  all: string[];
  /** Messages by top-level field (name, duration, startTimeStamp, …). */
  fields: Record<string, string[]>;
  /** Messages by question index. */
  questions: Record<number, string[]>;
  /** Messages by section index (issue 26). */
  sections: Record<number, string[]>;
}

/** Checks a draft with the same schema the server uses; null when it may be saved. */
export function draftProblems(draft: QuizDraft): DraftProblems | null {
  const result = quizInputSchema.safeParse(draftToInput(draft));
  if (result.success) return null;
  const problems: DraftProblems = { all: [], fields: {}, questions: {}, sections: {} };
  for (const issue of result.error.issues) {
    if (!problems.all.includes(issue.message)) problems.all.push(issue.message);
    const [field, index] = issue.path;
    if (field === 'questions' && typeof index === 'number') {
      (problems.questions[index] ??= []).push(issue.message);
    } else if (field === 'sections' && typeof index === 'number') {
      (problems.sections[index] ??= []).push(issue.message);
    } else if (typeof field === 'string') {
      (problems.fields[field] ??= []).push(issue.message);
    }
  }
  return problems;
}
