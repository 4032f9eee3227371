import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuiz, createStudent, type CreatedQuiz, type UserRow } from '../../src/seed/factories';
import { bearerFor, buildTestApp, type TestApp } from '../helpers';
import { reportFigure } from './support';

/**
 * Oracle and leaks: before results are published, a crawler walks every GET route of the OpenAPI
 * document as a participant (ids filled with the learner's quiz, questions and attempt), plus the
 * autosave and submit answers and the document itself. Nothing may carry a correct answer, an
 * explanation, or a score (the submit response may carry the score only when the quiz shows it).
 */

/** Keys that would give away the key or a result. `markingScheme.correct` (marks per answer) is allowed. */
const ANSWER_KEYS =
  /^(ansIndex|answerIndex|correctIndex|correctAnswer|correctOption|correctChoice|isCorrect|explanation|explanations)$/i;
const RESULT_KEYS = /^(score|maxScore|correctCount|answeredCount|rank|percentile|highestScore|averageScore)$/;

interface Finding {
  where: string;
  path: string;
  what: string;
}

function walk(value: unknown, path: string, visit: (key: string, path: string, v: unknown) => void): void {
  if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}[${i}]`, visit));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      visit(k, `${path}.${k}`, v);
      walk(v, `${path}.${k}`, visit);
    }
}

let t: TestApp;
let learner: UserRow;
let headers: Record<string, string>;
const EXPLANATION = 'EXPLANATION-MARKER-7f3a';

beforeAll(async () => {
  t = await buildTestApp();
  learner = await createStudent(t.db);
  headers = await bearerFor(learner, t.clock);
});
afterAll(async () => {
  await t.close();
});

async function quizWithMarkers(showScoreOnSubmit: boolean): Promise<CreatedQuiz> {
  return createQuiz(
    t.db,
    { showScoreOnSubmit, durationMin: 30 },
    Array.from({ length: 6 }, (_, i) => ({
      qn: `Question ${i + 1}: which planet is number ${i + 1}?`,
      choices: [`Wrong A${i}`, `Right ${i}`, `Wrong B${i}`, `Wrong C${i}`],
      ansIndex: 1,
      explanation: `${EXPLANATION} ${i}`,
    })),
    t.clock.now(),
  );
}

function check(where: string, body: string, allowScore: boolean, findings: Finding[]): void {
  if (body.includes(EXPLANATION)) findings.push({ where, path: '(text)', what: 'explanation text' });
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return; // not JSON (a file, the CSV): the marker check above still applies
  }
  walk(json, '$', (key, path, v) => {
    if (path.endsWith('.markingScheme.correct') || path.endsWith('.markingScheme.wrong')) return;
    if (ANSWER_KEYS.test(key)) findings.push({ where, path, what: 'answer key field' });
    else if (RESULT_KEYS.test(key) && v !== null && v !== undefined && !allowScore)
      findings.push({ where, path, what: 'score before publication' });
  });
}

describe('oracle and leaks before publication', () => {
  it('no participant route or the OpenAPI document gives away answers, explanations or scores', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const findings: Finding[] = [];
    let responses = 0;
    for (const showScore of [false, true]) {
      const created = await quizWithMarkers(showScore);
      const ids: Record<string, string> = {
        quizId: created.quiz.id,
        id: created.quiz.id,
        questionId: created.questions[0]!.id,
        paymentId: created.quiz.id,
        fileName: 'x.webp',
      };
      const crawl = async (phase: string) => {
        for (const [path, methods] of Object.entries(doc.paths)) {
          if (!('get' in methods)) continue;
          const url = path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? created.quiz.id);
          const res = await t.app.inject({ url, headers });
          responses += 1;
          check(`${phase} GET ${url} (${res.statusCode})`, res.body, false, findings);
        }
      };
      await crawl('before the attempt');
      const attend = await t.app.inject({
        url: `/api/quizzes/participant/attend/${created.quiz.id}`,
        headers,
      });
      expect(attend.statusCode).toBe(200);
      check('attend', attend.body, false, findings);
      const answers = created.questions.map((q) => ({ qnId: q.id, selectedOption: q.choices[1]! }));
      const saved = await t.app.inject({
        method: 'PUT',
        url: `/api/quizzes/participant/attend/${created.quiz.id}/answers`,
        headers,
        payload: { answers },
      });
      check('autosave', saved.body, false, findings);
      await crawl('during the attempt');
      const submitted = await t.app.inject({
        method: 'POST',
        url: '/api/quizzes/participant/submit',
        headers,
        payload: { quizId: created.quiz.id, answers },
      });
      expect(submitted.statusCode).toBe(201);
      const submitBody = submitted.json() as Record<string, unknown>;
      expect('score' in submitBody).toBe(showScore);
      check(`submit (show score ${showScore})`, submitted.body, showScore, findings);
      await crawl('after submitting');
      responses += 3;
    }
    // The document itself: no participant response schema names an answer-key field, except the
    // summary and the admin routes (403 to participants, and the summary only after publication).
    const docFindings: Finding[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (
        path.includes('admin') ||
        path.includes('quiz-summary') ||
        // The review queue serves questions of published quizzes only (cards are made at
        // publication); the crawl above still calls it before publication.
        path.startsWith('/api/review') ||
        // Practice and drills (issue 27) serve quizzes whose results are published only, with
        // instant feedback by design; practice.api and drills.api attack that rule, and the crawl
        // above still calls their GET routes before publication.
        path.startsWith('/api/practice') ||
        // The daily five (issue 28) is a practice of questions of published quizzes, with the same
        // instant feedback; the crawl above calls it before publication, where it must leak nothing.
        path === '/api/daily-five' ||
        path === '/api/quizzes' ||
        path.includes('{id}') ||
        path.includes('import')
      )
        continue;
      for (const [method, op] of Object.entries(methods)) {
        const responsesDoc = (op as { responses?: Record<string, unknown> }).responses ?? {};
        walk(responsesDoc, `${method.toUpperCase()} ${path}`, (key, p) => {
          if (p.includes('.properties.') && ANSWER_KEYS.test(key) && p.endsWith(`.properties.${key}`))
            docFindings.push({
              where: 'OpenAPI',
              path: p,
              what: 'answer key field in a participant response',
            });
        });
      }
    }
    // …and it carries no data: no explanation or answer text of the quizzes above.
    const docText = JSON.stringify(doc);
    if (docText.includes(EXPLANATION) || docText.includes('Right 0'))
      findings.push({ where: 'OpenAPI document', path: '(text)', what: 'quiz data' });

    reportFigure(
      'oracle and leaks',
      `${responses} participant responses over ${Object.keys(doc.paths).length} documented paths + the OpenAPI document → ${findings.length + docFindings.length} answers, explanations or scores before publication`,
    );
    expect(findings).toEqual([]);
    expect(docFindings).toEqual([]);
  });
});
