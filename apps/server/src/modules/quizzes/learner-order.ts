import { createHash } from 'node:crypto';
import type { StoredQuestionMath } from '../../db/schema';

/**
 * Each learner's own order of a quiz's questions and choices (ADR 014), against answer sharing
 * ("question 5 is B"). Deterministic per (quiz, learner): the same on every resume, on every
 * instance, and in the summary's review, with nothing stored. Answers are kept by question id and
 * choice text, so no answer ever needs mapping back.
 */
export interface LearnerOrderOptions {
  shuffleQuestions: boolean;
  shuffleChoices: boolean;
}

/** A choice that speaks about the others ("All of the above") stays last, where a learner looks for it. */
const PINNED_LAST = /\b(of the above|of these|above)\b|^\s*(all|none|both|neither)\s*$/i;
/** A choice naming others by letter ("Both A and B", "(a) or (c)"): that question keeps its order. */
const NAMES_LETTERS =
  /(^|[\s(])[A-F]\)?\s*(,|&|and|or|nor)\s*\(?[A-F]([\s).,]|$)|\(\s*[a-f]\s*\)\s*(,|&|and|or|nor)/;

/** A 32-bit generator (mulberry32) seeded from SHA-256 of the parts. */
function generator(...parts: string[]): () => number {
  let state = createHash('sha256').update(parts.join('\u0000')).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The learner's order of one question's choices (texts), with "… of the above" kept last. */
export function learnerChoiceOrder(quizId: string, userId: string, questionId: string, choices: string[]) {
  if (choices.some((c) => NAMES_LETTERS.test(c))) return [...choices];
  const free = choices.filter((c) => !PINNED_LAST.test(c));
  const pinned = choices.filter((c) => PINNED_LAST.test(c));
  return [...shuffled(free, generator('choices', quizId, userId, questionId)), ...pinned];
}

/** Texts kept beside the choices, in the same positions (Hindi version, rendered formulas). */
interface ChoiceCompanions {
  choicesHi?: string[] | null;
  math?: StoredQuestionMath | null;
}

function withCompanionsIn<Q extends ChoiceCompanions>(q: Q, order: number[]): Partial<Q> {
  const permute = <T>(list: T[] | null | undefined) => (list ? order.map((i) => list[i]!) : list);
  const out: Partial<Q> = {};
  if (q.choicesHi) out.choicesHi = permute(q.choicesHi);
  if (q.math) {
    const m = q.math;
    out.math = {
      main: m.main ? { ...m.main, choices: permute(m.main.choices)! } : null,
      hi: m.hi ? { ...m.hi, choices: permute(m.hi.choices)! } : null,
    };
  }
  return out;
}

/**
 * The questions in this learner's order, each with its choices in this learner's order. `ansIndex`,
 * when a question carries one (the summary), is moved with its choice, and so are the choices'
 * Hindi texts and formulas.
 */
export function inLearnerOrder<
  Q extends { id: string; choices: string[]; ansIndex?: number } & ChoiceCompanions,
>(questions: readonly Q[], quizId: string, userId: string, options: LearnerOrderOptions): Q[] {
  const ordered = options.shuffleQuestions
    ? shuffled(questions, generator('questions', quizId, userId))
    : [...questions];
  if (!options.shuffleChoices) return ordered;
  return ordered.map((q) => {
    const choices = learnerChoiceOrder(quizId, userId, q.id, q.choices);
    const companions = withCompanionsIn(
      q,
      choices.map((c) => q.choices.indexOf(c)),
    );
    if (q.ansIndex === undefined) return { ...q, ...companions, choices };
    const answer = q.choices[q.ansIndex];
    return {
      ...q,
      ...companions,
      choices,
      ansIndex: answer === undefined ? q.ansIndex : choices.indexOf(answer),
    };
  });
}
