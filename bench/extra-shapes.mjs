// Request shapes of the scenarios kept out of bench/load.mjs (which asks here for any call it does not
// know): issue 27's drill (bench/drill-scenario.mjs). Each returns { build(i), ack?(i, body) } as
// load.mjs's own shapes do; `acks` is the call's acknowledgement object (merged from earlier calls).
import { answersForRound } from './herd-shape.mjs';

/** Drill request i: learner i mod L, three topics spread over the catalogue, 20 medium questions. */
export function drillOf(fixture, i) {
  const t = fixture.topics;
  const step = Math.floor(t.length / 3) || 1;
  return {
    learner: i % fixture.tokens.length,
    topics: [t[i % t.length], t[(i + step) % t.length], t[(i + 2 * step) % t.length]],
  };
}

export function extraShape(kind, { job, fixture, acks, auth, json }) {
  switch (kind) {
    case 'drill-start':
    case 'drill-warm-up': {
      // POST /api/practice/drills: what the drill builder sends (untimed, feedback at the end). The
      // warm-up's drills are those of learners after the measured ones (job.offset), acknowledged apart.
      const offset = kind === 'drill-warm-up' ? job.offset : 0;
      const list = kind === 'drill-warm-up' ? 'warmUpDrills' : 'drills';
      return {
        build: (i) => {
          const { learner, topics } = drillOf(fixture, i + offset);
          return {
            method: 'POST',
            path: '/api/practice/drills',
            headers: { ...auth(learner), ...json },
            body: JSON.stringify({
              exam: 'SSC',
              topics,
              difficulty: 'medium',
              count: 20,
              timed: false,
              instantFeedback: false,
            }),
          };
        },
        ack: (i, body) => {
          const attempt = JSON.parse(body);
          acks[list] ??= [];
          acks[list][i] = {
            id: attempt._id,
            learner: drillOf(fixture, i + offset).learner,
            topics: drillOf(fixture, i + offset).topics,
            questionIds: attempt.questions.map((q) => q._id),
            choices: attempt.questions.map((q) => q.choices[(i + q.choices.length) % q.choices.length]),
          };
        },
      };
    }
    case 'practice-submit':
      // Drill i's submission with every question answered (as the contest submission below).
      return {
        build: (i) => {
          // (a drill that was not acknowledged: a path that answers 404, counted as a failure)
          const d = acks.drills?.[i] ?? {
            id: '00000000-0000-4000-8000-000000000000',
            learner: 0,
            questionIds: [],
          };
          return {
            method: 'POST',
            path: `/api/practice/attempts/${d.id}/submit`,
            headers: { ...auth(d.learner), ...json },
            body: JSON.stringify({
              answers: d.questionIds.map((qnId, j) => ({ qnId, selectedOption: d.choices[j] })),
            }),
          };
        },
        ack: (i) => {
          acks.practiceSubmitted ??= [];
          acks.practiceSubmitted[i] = true;
        },
      };
    case 'contest-submit': {
      // The live contest's submission with all 20 answers in its body (nothing autosaved before).
      const body = JSON.stringify({ quizId: fixture.quizId, answers: answersForRound(fixture.questions, 1) });
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
    default:
      throw new Error(`unknown call ${kind} (job ${job.out})`);
  }
}
