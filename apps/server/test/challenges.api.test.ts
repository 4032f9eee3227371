import { describe, expect, it, vi } from 'vitest';
import { inflateSync } from 'node:zlib';
import { challengeCardSchema, myChallengeSchema } from '@quizcast/contract/schemas/challenge';
import { quizSummaryResponseSchema } from '@quizcast/contract/schemas/result';
import type { StoredSection } from '../src/db/schema';
import { CardPool } from '../src/lib/card-pool';
import { cardSvg } from '../src/modules/challenges/card-svg';
import {
  buildQuestions,
  createQuiz,
  createStudent,
  type CreatedQuiz,
  type UserRow,
} from '../src/seed/factories';
import { bearerFor, testDatabaseKind } from './helpers';
import { t, useTestApp } from './support/app';
import { HOUR, MIN, START, submitted, summaryUrl } from './support/results';

/** Issue 28: challenge links `/c/<code>`, their public card and the server-drawn preview image. */

useTestApp({ now: START });

async function as(user: UserRow) {
  return bearerFor(user, t.clock);
}

/** A quiz with topics: 4 Polity questions, 3 इतिहास, 3 without a topic. */
async function topicQuiz(): Promise<CreatedQuiz> {
  const seeds = buildQuestions(10).map((q, i) => ({
    ...q,
    topic: i < 4 ? 'Polity' : i < 7 ? 'इतिहास' : undefined,
  }));
  const now = t.clock.now().getTime();
  return createQuiz(
    t.db,
    { name: 'SSC Mock: Polity & History', startAt: new Date(now - HOUR), endAt: new Date(now + HOUR) },
    seeds,
  );
}

async function share(user: UserRow, quizId: string, showName = false) {
  return t.app.inject({
    method: 'POST',
    url: '/api/challenges',
    headers: await as(user),
    payload: { quizId, showName },
  });
}

/** PNG signature, and IHDR's width and height. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(body.subarray(12, 16).toString('latin1')).toBe('IHDR');
  // The image data must inflate (a truncated or corrupt PNG does not).
  const idat: Buffer[] = [];
  for (let at = 8; at < body.length;) {
    const length = body.readUInt32BE(at);
    if (body.subarray(at + 4, at + 8).toString('latin1') === 'IDAT')
      idat.push(body.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  expect(inflateSync(Buffer.concat(idat)).length).toBeGreaterThan(0);
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

describe(`challenge links (${testDatabaseKind})`, () => {
  it('no link before publication; after it, a public card with initials, and the name only by choice', async () => {
    const quiz = await topicQuiz();
    const asha = await createStudent(t.db, { name: 'Asha Verma', phNo: '9876500001' });
    const ravi = await createStudent(t.db, { name: 'Ravi Kumar' });
    const began = new Date(t.clock.now().getTime() - 30 * MIN);
    await submitted(t, quiz, ravi, 9, 5 * MIN, began);
    await submitted(t, quiz, asha, 6, 6 * MIN, began);
    const outsider = await createStudent(t.db);

    expect((await share(asha, quiz.quiz.id)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/challenges', payload: {} })).statusCode).toBe(
      401,
    );

    t.clock.advance(HOUR + MIN);
    await t.app.sweeper.runOnce();
    expect((await share(outsider, quiz.quiz.id)).statusCode).toBe(404);

    const made = await share(asha, quiz.quiz.id);
    expect(made.statusCode).toBe(200);
    const link = myChallengeSchema.parse(made.json());
    expect(link.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // One link per learner and quiz: sharing again keeps the code.
    expect(myChallengeSchema.parse((await share(asha, quiz.quiz.id)).json()).code).toBe(link.code);

    const res = await t.app.inject({ method: 'GET', url: `/api/challenges/${link.code}` });
    expect(res.statusCode).toBe(200);
    const card = challengeCardSchema.parse(res.json());
    expect(card).toMatchObject({
      learner: 'A. V.',
      score: 6,
      maxScore: 10,
      rank: 2,
      totalParticipants: 2,
      percentile: 50,
      quizName: 'SSC Mock: Polity & History',
      topics: [
        { topic: 'Polity', correct: 4, total: 4 },
        { topic: 'इतिहास', correct: 2, total: 3 },
      ],
    });
    const text = res.body;
    expect(text).not.toContain('Asha');
    expect(text).not.toContain('9876500001');
    expect(text).not.toMatch(/ansIndex|selectedOption|profilePic/);

    // The learner chooses to show the name…
    await share(asha, quiz.quiz.id, true);
    const named = await t.app.inject({ method: 'GET', url: `/api/challenges/${link.code}` });
    expect(named.json().learner).toBe('Asha Verma');
    // …but initials only (the privacy setting) always wins.
    const headers = await as(asha);
    await t.app.inject({
      method: 'PUT',
      url: '/api/students/privacy',
      headers,
      payload: { initialsOnly: true, publicPhoto: true },
    });
    const initials = await t.app.inject({ method: 'GET', url: `/api/challenges/${link.code}` });
    expect(initials.json().learner).toBe('A. V.');
  });

  it("a sectioned quiz's card is out of the summary's maximum: each section at its own marks (ADR 022)", async () => {
    const section = (name: string, markCorrect: number | null): StoredSection => ({
      name,
      nameHi: name,
      durationMin: null,
      markCorrect,
      markWrong: null,
      cutoff: null,
    });
    // Two questions per section, at the quiz's 1, then 2, then 3 marks: 2 + 4 + 6 = 12, not 6 × 1.
    const now = t.clock.now().getTime();
    const quiz = await createQuiz(
      t.db,
      {
        startAt: new Date(now - HOUR),
        endAt: new Date(now + HOUR),
        markCorrect: 1,
        sections: [section('English', null), section('Quant', 2), section('Reasoning', 3)],
      },
      buildQuestions(6).map((q, i) => ({ ...q, section: Math.floor(i / 2) })),
    );
    const asha = await createStudent(t.db);
    await submitted(t, quiz, asha, 3, 4 * MIN, new Date(now - 30 * MIN));
    t.clock.advance(HOUR + MIN);
    await t.app.sweeper.runOnce();

    const summary = quizSummaryResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: summaryUrl(quiz.quiz.id), headers: await as(asha) })).json(),
    );
    const summaryMax = summary.data.sections!.reduce((sum, s) => sum + s.maxScore, 0);
    const { code } = myChallengeSchema.parse((await share(asha, quiz.quiz.id)).json());
    const card = challengeCardSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/challenges/${code}` })).json(),
    );
    // Three right answers: English's two at 1 and one Quant at 2.
    expect(card).toMatchObject({ score: 4, maxScore: 12 });
    expect(card.maxScore).toBe(summaryMax);
    expect(card.score).toBe(summary.data.quizzSummary.score);
  });

  it('the page has Open Graph tags, and the preview PNG is valid, 1200 × 630, drawn from the result', async () => {
    const quiz = await topicQuiz();
    const meera = await createStudent(t.db, { name: 'मीरा शर्मा', preferredLanguage: 'hi' });
    await submitted(t, quiz, meera, 7, 4 * MIN, new Date(t.clock.now().getTime() - 30 * MIN));
    t.clock.advance(HOUR + MIN);
    await t.app.sweeper.runOnce();
    const { code } = myChallengeSchema.parse((await share(meera, quiz.quiz.id, true)).json());

    // The image is drawn from this SVG, made from the public card: its texts are the result's.
    const card = challengeCardSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/challenges/${code}` })).json(),
    );
    const svg = cardSvg(card);
    for (const text of [
      'मीरा शर्मा',
      'SSC Mock: Polity &#38; History',
      '>7<',
      'में से 10',
      'Polity',
      'इतिहास',
      '4/4',
      '3/3',
      'अंक',
      'रैंक',
    ])
      expect(svg).toContain(text);

    const renders = vi.spyOn(CardPool.prototype, 'render');
    const image = await t.app.inject({ method: 'GET', url: `/api/challenges/${code}/card.png` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(pngSize(image.rawPayload)).toEqual({ width: 1200, height: 630 });
    // Cached: a second fetch (a crawler sends no ETag) gets the same bytes without a draw.
    const second = await t.app.inject({ method: 'GET', url: `/api/challenges/${code}/card.png` });
    expect(second.rawPayload.equals(image.rawPayload)).toBe(true);
    expect(renders).toHaveBeenCalledTimes(1);
    renders.mockRestore();
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/challenges/${code}/card.png`,
      headers: { 'if-none-match': String(image.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    const page = await t.app.inject({ method: 'GET', url: `/c/${code}`, headers: { host: 'quizcast.test' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      `<meta property="og:image" content="http://quizcast.test/api/challenges/${code}/card.png" />`,
    );
    expect(page.body).toContain(
      '<meta property="og:title" content="मीरा शर्मा ने SSC Mock: Polity &#38; History में 7/10 अंक पाए" />',
    );
    expect(page.body).toContain(`href="/c/${code}/try"`);
  });

  it('a withdrawn link answers 404 everywhere; only its owner can withdraw it; creation is rate-limited', async () => {
    const quiz = await topicQuiz();
    const owner = await createStudent(t.db);
    const other = await createStudent(t.db);
    await submitted(t, quiz, owner, 5, 4 * MIN, new Date(t.clock.now().getTime() - 30 * MIN));
    t.clock.advance(HOUR + MIN);
    await t.app.sweeper.runOnce();
    const { code } = myChallengeSchema.parse((await share(owner, quiz.quiz.id)).json());
    const mine = await t.app.inject({ method: 'GET', url: '/api/challenges', headers: await as(owner) });
    expect(mine.json().links.map((l: { code: string }) => l.code)).toEqual([code]);

    // Its preview drawn and cached first: withdrawal must stop the cached image too.
    const cachedImage = await t.app.inject({ method: 'GET', url: `/api/challenges/${code}/card.png` });
    expect(cachedImage.statusCode).toBe(200);

    const del = (user: UserRow) =>
      as(user).then((headers) => t.app.inject({ method: 'DELETE', url: `/api/challenges/${code}`, headers }));
    expect((await del(other)).statusCode).toBe(404);
    expect((await del(owner)).statusCode).toBe(200);
    for (const url of [`/api/challenges/${code}`, `/api/challenges/${code}/card.png`, `/c/${code}`])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/c/not-a-code' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/challenges/short' })).statusCode).toBe(404);
    // Sharing again makes a new code; the old one stays gone.
    const renewed = myChallengeSchema.parse((await share(owner, quiz.quiz.id)).json());
    expect(renewed.code).not.toBe(code);

    let last = 200;
    for (let i = 0; i < 25 && last !== 429; i++) last = (await share(owner, quiz.quiz.id)).statusCode;
    expect(last).toBe(429);
  });
});
