/**
 * Spaced repetition (issue 13): scheduling quality, pure and in this process. bench/review-schedule.ts
 * runs the app's real scheduling code on a simulated learner with 300 mistakes and 90 days to the
 * exam, next to a fixed ladder; deterministic (seeded), no database.
 *
 *   npm run bench -- review      # this, then bench/run.mjs's `review` scenario (the queue's and
 *                                # grading's speed through HTTP)
 *   npx tsx bench/review.bench.ts   # this alone
 */
import { simulateApp, simulateLadder, type Outcome } from './review-schedule';

const SEEDS = [42, 7, 1, 2, 3];
const EXTRA_SEEDS = [4, 5, 6, 8, 9, 10, 11, 12];

function quality() {
  const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(0)}%`;
  const rows: { run: Outcome; ladder: Outcome }[] = [];
  const withLadder = (run: Outcome, seed?: number) => rows.push({ run, ladder: simulateLadder({ seed }) });
  for (const seed of SEEDS) withLadder(simulateApp({ desiredRetention: 0.9, seed }), seed);
  withLadder(simulateApp({ desiredRetention: 0.9, withExam: false }));
  withLadder(simulateApp({ desiredRetention: 0.8 }));
  withLadder(simulateApp({ desiredRetention: 0.97 }));
  // Retention 0.97 without the review cap: what the cap costs at a high target (ADR 011).
  const strictUncapped = simulateApp({ desiredRetention: 0.97, dailyReviewCap: 2000 });
  withLadder({ ...strictUncapped, label: `${strictUncapped.label}, review cap 2000` });
  const uncapped = simulateApp({ desiredRetention: 0.9, dailyNewLimit: 500, dailyReviewCap: 2000 });
  withLadder({ ...uncapped, label: `${uncapped.label}, profile's maximum limits (500 new, cap 2000)` });
  console.log(
    'Scheduling quality: 300 mistakes, 90 days to the exam, simulated learner, default daily limits ' +
      '(20 new, 200 reviews) unless stated (bench/review-schedule.ts)',
  );
  console.log('');
  console.log(
    '| schedule | exam-day recall | reviews | vs ladder (same seed) | failed reviews | busiest day | never shown | ladder recall |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const { run: r, ladder } of rows) {
    console.log(
      `| ${r.label} | ${r.examRecall.toFixed(3)} | ${r.reviews} | ${pct(r.reviews, ladder.reviews)} | ${r.failed} (${pct(r.failed, r.reviews)}) | ${r.busiestDay} | ${r.neverShown} | ${ladder.examRecall.toFixed(3)} |`,
    );
  }
  const ladder = simulateLadder();
  console.log(
    `| ${ladder.label} (seed 42) | ${ladder.examRecall.toFixed(3)} | ${ladder.reviews} | 100% | ${ladder.failed} (${pct(ladder.failed, ladder.reviews)}) | ${ladder.busiestDay} | 0 | |`,
  );
  const defaults = rows.slice(0, SEEDS.length);
  const met = defaults.filter(
    ({ run, ladder: l }) => run.examRecall >= 0.92 && run.reviews <= 0.82 * l.reviews,
  );
  console.log('');
  console.log(
    `Target (recall ≥ 0.92 with ≤ 82% of the ladder's reviews) at retention 0.9 with an exam date and ` +
      `default limits: met on ${met.length} of ${SEEDS.length} seeds (${SEEDS.join(', ')}).`,
  );
  // More seeds, same settings, to show how far the result holds (one row each, compact).
  const extra = EXTRA_SEEDS.map((seed) => ({
    seed,
    run: simulateApp({ desiredRetention: 0.9, seed }),
    ladder: simulateLadder({ seed }),
  }));
  const extraMet = extra.filter(
    ({ run, ladder: l }) => run.examRecall >= 0.92 && run.reviews <= 0.82 * l.reviews,
  );
  console.log(
    `Other seeds: ${extra
      .map(
        ({ seed, run, ladder: l }) =>
          `${seed}: ${run.examRecall.toFixed(3)} / ${pct(run.reviews, l.reviews)}`,
      )
      .join('; ')} (met on ${extraMet.length} of ${extra.length}).`,
  );
}

quality();
