// The load generator: its own process (plain Node, autocannon's API), so its CPU is not the app's.
//   node bench/load.mjs <job.json>
// A job names one call (hello, list, summary, herd-start, herd-autosave, herd-submit, review-queue,
// review-offline, review-grade; get for bench/analytics.bench.ts), the target URL, connections and
// amount (or duration), and the fixture file; the result (requests/s, p50, p99, failures) is written
// to job.out. Herd and grading calls also record what was acknowledged (2xx), per student or per
// grading, in job.acks, which `fixture.ts verify` checks against the database afterwards.
// Several processes can share one call (bench/load-runner.mjs): job.part of job.parts sends only its
// share of the request numbers (a learner's all from one part) and writes its acks to job.acksOut.
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { extraShape } from './extra-shapes.mjs';
import { answersForRound, gradingOf } from './herd-shape.mjs';

const job = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const fixture = job.fixture ? JSON.parse(readFileSync(job.fixture, 'utf8')) : null;
const students = fixture?.tokens.length ?? 0;

const acks =
  job.acks && existsSync(job.acks)
    ? JSON.parse(readFileSync(job.acks, 'utf8'))
    : job.kind === 'review-grade'
      ? { reviewedAt: job.reviewedAt, graded: [] }
      : { started: [], savedRound: [], submitted: [] };

const auth = (i) => ({ authorization: `Bearer ${fixture.tokens[i % students]}` });
const json = { 'content-type': 'application/json' };

/** request number i → { method, path, headers, body }, and what a 2xx for it acknowledges. */
function shape(kind) {
  switch (kind) {
    case 'hello':
      return { build: () => ({ method: 'GET', path: '/' }) };
    case 'list':
      return {
        build: (i) => ({ method: 'GET', path: '/api/quizzes/participant?page=1&limit=10', headers: auth(i) }),
      };
    case 'summary':
      return {
        build: (i) => ({
          method: 'GET',
          path: `/api/quizzes/participant/quiz-summary/${fixture.quizId}`,
          headers: auth(i),
        }),
      };
    case 'herd-start':
      return {
        build: (i) => ({
          method: 'GET',
          path: `/api/quizzes/participant/attend/${fixture.quizId}`,
          headers: auth(i),
        }),
        ack: (i) => {
          acks.started[i] = true;
        },
      };
    case 'herd-autosave': {
      // Round r of autosaves: every student saves once per round, one answer changed each round.
      const rounds = job.rounds;
      const bodies = Array.from({ length: rounds + 1 }, (_, r) =>
        JSON.stringify({ answers: r ? answersForRound(fixture.questions, r) : [] }),
      );
      const round = (i) => Math.floor(i / students) + 1;
      return {
        build: (i) => ({
          method: 'PUT',
          path: `/api/quizzes/participant/attend/${fixture.quizId}/answers`,
          headers: { ...auth(i), ...json },
          body: bodies[round(i)],
        }),
        ack: (i) => {
          const s = i % students;
          acks.savedRound[s] = Math.max(acks.savedRound[s] ?? 0, round(i));
        },
      };
    }
    case 'herd-submit': {
      // The client has autosaved everything; submit sends no new answer, so what is scored is what
      // was saved, and the check afterwards covers the autosaves too.
      const body = JSON.stringify({ quizId: fixture.quizId, answers: [] });
      return {
        build: (i) => ({
          method: 'POST',
          path: '/api/quizzes/participant/submit',
          headers: { ...auth(i), ...json },
          body,
        }),
        ack: (i) => {
          acks.submitted[i] = true;
        },
      };
    }
    case 'get':
      // One signed-in GET (job.path, job.token), e.g. bench/analytics.bench.ts's progress page.
      return {
        build: () => ({ method: 'GET', path: job.path, headers: { authorization: `Bearer ${job.token}` } }),
      };
    case 'review-queue':
      // The review session's read (the web app sends no limit: 50 cards), the learners in turn.
      return { build: (i) => ({ method: 'GET', path: '/api/review/queue', headers: auth(i) }) };
    case 'review-offline':
      // The offline copy: 200 cards, those due in the next 24 hours included.
      return {
        build: (i) => ({ method: 'GET', path: '/api/review/queue?limit=200&ahead=true', headers: auth(i) }),
      };
    case 'review-grade': {
      // Request i grades one card once (herd-shape.mjs gradingOf), with a fresh client-made review id.
      const reviewIds = [];
      return {
        build: (i) => {
          const { learner, cardId, rating } = gradingOf(fixture, i);
          reviewIds[i] = randomUUID();
          return {
            method: 'POST',
            path: `/api/review/cards/${cardId}/reviews`,
            headers: { ...auth(learner), ...json },
            body: JSON.stringify({
              reviewId: reviewIds[i],
              rating,
              selectedOption: 'Option A',
              reviewedAt: job.reviewedAt,
              durationMs: 4000,
            }),
          };
        },
        ack: (i) => {
          acks.graded[i] = reviewIds[i];
        },
      };
    }
    default:
      return extraShape(kind, { job, fixture, acks, auth, json });
  }
}

const { build, ack } = shape(job.kind);
// This part's request numbers: with `parts` processes, part p sends request i when its learner
// (herd: i modulo the students) modulo parts is p, so one learner's rounds stay in one process.
const parts = job.parts ?? 1;
const herd = job.kind.startsWith('herd-');
const mine = job.amount
  ? Array.from({ length: job.amount }, (_, i) => i).filter(
      (i) => (herd ? i % students : i) % parts === (job.part ?? 0),
    )
  : null;
let next = 0;
if (mine && !mine.length) {
  writeFileSync(
    job.out,
    JSON.stringify({
      requests: 0,
      seconds: 0,
      rps: 0,
      p50: 0,
      p99: 0,
      max: 0,
      non2xx: 0,
      errors: 0,
      timeouts: 0,
      statuses: {},
    }),
  );
  process.exit(0);
}
const statuses = {};
const started = performance.now();
// autocannon notices that `amount` requests are done only at its next sample tick (once a second by
// default), so its end can be up to a second after the last response: a 2,000-request call that took
// 1.1 s was reported as 2,000 / 2.0 s. With an amount, the call ends at its last response.
let lastResponse = started;
const result = await autocannon({
  url: job.url,
  connections: job.connections,
  pipelining: 1,
  ...(mine ? { amount: mine.length } : { duration: job.duration ?? 5 }),
  timeout: job.timeout ?? 30,
  requests: [
    {
      setupRequest: (req, context) => {
        // (autocannon may prepare a request it never sends after the last: it gets a number past them all)
        const i = mine ? (mine[next++] ?? job.amount + next) : next++;
        context.i = i;
        const r = build(i);
        return { ...req, ...r, headers: { ...req.headers, ...r.headers } };
      },
      onResponse: (status, _body, context) => {
        lastResponse = performance.now();
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (ack && status >= 200 && status < 300) ack(context.i, _body);
      },
    },
  ],
});
// A request that ended in an error or a timeout calls no onResponse: then the call's own end counts.
const clean = result.errors === 0 && result.timeouts === 0;
const seconds = ((mine && clean ? lastResponse : performance.now()) - started) / 1000;
if (job.acks && ack) writeFileSync(job.acksOut ?? job.acks, JSON.stringify(acks));
writeFileSync(
  job.out,
  JSON.stringify({
    requests: result.requests.total,
    seconds,
    rps: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
  }),
);
