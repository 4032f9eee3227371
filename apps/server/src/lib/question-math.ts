import { CHOICE_LETTERS } from '@quizcast/contract/schemas/question-rules';
import type { MathText, QuestionMath, TextLang } from '@quizcast/contract/schemas/question-text';
import type { StoredQuestionMath } from '../db/schema';
import { formulaLimitProblem, shownFormula, type RenderBudget } from './formula-bounds';
import { renderFormula } from './math-pool';

/**
 * Math in question texts (ADR 019): TeX between `$…$` (inline) or `$$…$$` (display), `\$` for a
 * dollar sign. Temml turns each formula into MathML when the quiz is saved (no math JavaScript
 * reaches the phone), and speech-rule-engine turns that MathML into words in the text's language
 * (en / hi), so Listen says "x squared plus 2 x". This file only finds the `$` delimiters and checks
 * each formula's bounds (formula-bounds.ts); all TeX is parsed by Temml, in a worker thread
 * (math-pool.ts runs math-worker.ts, issue 29).
 */

type Segment = { kind: 'text'; value: string } | { kind: 'math'; tex: string; display: boolean };

/** The text split at its `$` delimiters, or the problem with them. */
export function splitFormulas(text: string): { segments: Segment[] } | { error: string } {
  const segments: Segment[] = [];
  let plain = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\\' && text[i + 1] === '$') {
      plain += '$';
      i += 2;
      continue;
    }
    if (ch !== '$') {
      plain += ch;
      i += 1;
      continue;
    }
    const display = text[i + 1] === '$';
    const open = display ? 2 : 1;
    const closer = display ? '$$' : '$';
    let j = i + open;
    let end = -1;
    while (j < text.length) {
      if (text[j] === '\\') {
        j += 2; // an escaped character inside TeX (e.g. \$ or \\) never closes the formula
        continue;
      }
      if (text.startsWith(closer, j)) {
        end = j;
        break;
      }
      j += 1;
    }
    if (end < 0) {
      return { error: `a formula opened with ${closer} is never closed (write \\$ for a dollar sign)` };
    }
    const tex = text.slice(i + open, end);
    if (!tex.trim()) return { error: `an empty formula ${closer}${closer}` };
    if (plain) segments.push({ kind: 'text', value: plain });
    plain = '';
    segments.push({ kind: 'math', tex, display });
    i = end + closer.length;
  }
  if (plain) segments.push({ kind: 'text', value: plain });
  return { segments };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// ── texts ────────────────────────────────────────────────────────────────────────────────────

/** A text rendered: null when it has no `$` at all (shown and read as it is). Throws on bad TeX. */
export async function renderMathText(
  text: string,
  lang: TextLang,
  budget?: RenderBudget,
): Promise<MathText | null> {
  if (!text.includes('$')) return null;
  const split = splitFormulas(text);
  if ('error' in split) throw new Error(split.error);
  const formulas = split.segments.filter((s) => s.kind === 'math');
  // The bounds first, so nothing of a refused text reaches a worker; then every formula at once.
  for (const s of formulas) {
    const bound = formulaLimitProblem(s.tex);
    if (bound) throw new Error(`formula "${shownFormula(s.tex)}" is refused: ${bound}`);
  }
  const rendered = await Promise.allSettled(
    formulas.map((s) => renderFormula(s.tex, s.display, lang, budget)),
  );
  const done: { mathml: string; speech: string }[] = [];
  for (const r of rendered) {
    if (r.status === 'rejected') throw r.reason;
    done.push(r.value);
  }
  const mathml = done.map((d) => d.mathml);
  const words = done.map((d) => d.speech);
  let k = 0;
  let html = '';
  let speech = '';
  for (const s of split.segments) {
    if (s.kind === 'text') {
      html += escapeHtml(s.value);
      speech += s.value;
    } else {
      html += mathml[k]!;
      speech += ` ${words[k]!} `;
      k += 1;
    }
  }
  // Spaces around each formula's words, but none before punctuation ("acceleration a.").
  speech = speech
    .replace(/[ \t]+/g, ' ')
    .replace(/ ([.,;:?!।)])/g, '$1')
    .trim();
  return { html, speech };
}

export interface QuestionTexts {
  qn: string;
  choices: string[];
  explanation?: string | null;
  lang?: TextLang;
  qnHi?: string | null;
  choicesHi?: string[] | null;
  explanationHi?: string | null;
}

/**
 * Every formula of a question, in both languages. `problems` names the question (`label`, e.g.
 * "Question 3") and the text with the broken formula; `math` is null when no text has a formula.
 */
export async function renderQuestionMath(
  q: QuestionTexts,
  label: string,
  /** Shared by every question of one request (issue 29); none: no bound beyond each formula's. */
  budget?: RenderBudget,
): Promise<{ math: StoredQuestionMath | null; problems: string[] }> {
  const problems: string[] = [];
  const one = async (text: string | null | undefined, lang: TextLang, where: string) => {
    if (!text) return null;
    if (budget?.exhausted && text.includes('$')) {
      if (budget.tell())
        problems.push(
          `${label}: ${where}: the formulas take more than ${budget.limitMs / 1000} s to render in all; ` +
            'this and the later formulas were not rendered (split the quiz, or simplify its formulas)',
        );
      return null;
    }
    try {
      return await renderMathText(text, lang, budget);
    } catch (err) {
      problems.push(`${label}: ${where}: ${(err as Error).message}`);
      return null;
    }
  };
  const version = async (
    texts: { qn: string | null | undefined; choices: string[]; explanation: string | null | undefined },
    lang: TextLang,
    hindi: boolean,
  ): Promise<QuestionMath | null> => {
    const prefix = hindi ? 'Hindi ' : '';
    const qn = await one(texts.qn, lang, `${prefix}question text`);
    const choices: (MathText | null)[] = [];
    for (const [i, c] of texts.choices.entries())
      choices.push(await one(c, lang, `${prefix}choice ${CHOICE_LETTERS[i] ?? i + 1}`));
    const explanation = await one(texts.explanation, lang, `${prefix}explanation`);
    if (!qn && !explanation && choices.every((c) => c === null)) return null;
    return { qn, choices, explanation };
  };
  const main = await version(
    { qn: q.qn, choices: q.choices, explanation: q.explanation },
    q.lang ?? 'en',
    false,
  );
  const hi = q.qnHi
    ? await version({ qn: q.qnHi, choices: q.choicesHi ?? [], explanation: q.explanationHi }, 'hi', true)
    : null;
  return { math: main || hi ? { main, hi } : null, problems };
}
