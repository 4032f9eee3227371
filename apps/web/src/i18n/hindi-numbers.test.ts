import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listsCatalog } from '../components/lists/messages/catalog';
import { auditLogCatalog } from '../features/audit-log/messages/catalog';
import { authoringCatalog } from '../features/authoring/messages/catalog';
import { challengesCatalog } from '../features/challenges/messages/catalog';
import { itemAnalysisCatalog } from '../features/item-analysis/messages/catalog';
import { landingCatalog } from '../features/landing/messages/catalog';
import { paymentsCatalog } from '../features/payments/messages/catalog';
import { recordingsCatalog } from '../features/recordings/messages/catalog';
import { studentsCatalog } from '../features/students/messages/catalog';
import { analyticsCatalog } from '../features/analytics/messages/catalog';
import { authCatalog } from '../features/auth/messages/catalog';
import { dailyFiveCatalog } from '../features/daily-five/messages/catalog';
import { practiceCatalog } from '../features/practice/messages/catalog';
import { streakCatalog } from '../features/streak/messages/catalog';
import { attemptCatalog } from '../features/quizzes/attempt/messages/catalog';
import { quizIntroCatalog } from '../features/quizzes/intro/messages/catalog';
import { quizzesCatalog } from '../features/quizzes/messages/catalog';
import { resultsCatalog } from '../features/results/messages/catalog';
import { reviewCatalog } from '../features/review/messages/catalog';
import { examLabel } from './exam-family';
import { MORE_SENTENCES, type Sentence } from './hindi-sentences-admin';
import { i18n, setLanguage } from './i18n';
import { commonCatalog } from './messages/catalog';

/**
 * The Hindi strings that put numbers in a sentence, rendered with real values and compared with the
 * sentence a Hindi reader wrote (issue 30, defect 5: "प्रश्न 1 में से 3" read as "question 3 out of 1").
 * The order of the numbers and the plural of the noun after them are what these catch. All sentences (here
 * and in hindi-sentences-admin.ts) were written by the team's Hindi reader from the English meaning, not
 * copied from the catalogue; where the catalogue disagreed, the catalogue was fixed.
 */
const LEARNER_SENTENCES: Sentence[] = [
  ['attempt.question.position', { number: 1, total: 3 }, 'प्रश्न 1 (3 में से)'],
  ['attempt.question.position', { number: 12, total: 25 }, 'प्रश्न 12 (25 में से)'],
  ['attempt.palette.answered', { answered: 2, total: 10 }, '10 में से 2 के जवाब दिए'],
  ['attempt.palette.toggle', { answered: 0, total: 5 }, 'प्रश्न पैलेट · 5 में से 0 के जवाब दिए'],
  ['attempt.timeUp.answeredOf', { answered: 1, total: 1 }, '1 प्रश्न में से 1 के जवाब दिए'],
  ['attempt.timeUp.answeredOf', { answered: 3, total: 8 }, '8 प्रश्नों में से 3 के जवाब दिए'],
  ['attempt.cue.minutesLeft', { count: 1 }, '1 मिनट बचा है'],
  ['attempt.cue.minutesLeft', { count: 5 }, '5 मिनट बचे हैं'],
  [
    'attempt.submit.unanswered',
    { count: 2 },
    '2 प्रश्नों के जवाब अभी बाकी हैं। जमा करने के बाद जवाब बदले नहीं जा सकते।',
  ],
  ['results.outOf', { total: 1 }, 'कुल 1 प्रतिभागी में'],
  ['results.outOf', { total: 40 }, 'कुल 40 प्रतिभागियों में'],
  ['results.scoreOutOf', { total: 20 }, '20 में से'],
  ['results.analysis.marksOf', { marks: 6, max: 10 }, '10 में से 6'],
  [
    'results.analysis.weakest',
    { topic: 'इतिहास', correct: 1, questions: 4, percent: '25%' },
    'सबसे कमज़ोर टॉपिक: इतिहास, 4 में से 1 सही (25%)।',
  ],
  ['results.rankValue', { rank: 1 }, '1ला'],
  ['results.rankValue', { rank: 3 }, '3रा'],
  ['results.rankValue', { rank: 4 }, '4था'],
  ['results.rankValue', { rank: 6 }, '6ठा'],
  ['results.rankValue', { rank: 11 }, '11वाँ'],
  ['analytics.of', { value: 7, total: 9 }, '9 में से 7'],
  ['analytics.weakest', { name: 'गणित', percent: '0%', count: 1 }, 'सबसे कमज़ोर: गणित, 1 प्रश्न में से 0% सही।'],
  ['analytics.weakest', { name: 'गणित', percent: '40%', count: 5 }, 'सबसे कमज़ोर: गणित, 5 प्रश्नों में से 40% सही।'],
  ['analytics.timed', { count: 1 }, '1 प्रश्न का समय दर्ज'],
  ['analytics.timed', { count: 6 }, '6 प्रश्नों का समय दर्ज'],
  ['analytics.trend.titleLast', { count: 5, total: 12 }, 'आपके पिछले 5 क्विज़ (कुल 12 में से) में स्कोर और पर्सेंटाइल'],
  ['review.card.position', { number: 2, total: 6 }, 'कार्ड 2 / 6'],
  ['review.due', { count: 1 }, '1 कार्ड दोहराना बाकी है'],
  ['review.due', { count: 6 }, '6 कार्ड दोहराने बाकी हैं'],
  [
    'quizIntro.timing',
    { count: 10, minutes: 15 },
    '10 प्रश्न, 15 मिनट। टाइमर आपके शुरू करते ही चल पड़ता है और बीच में पेज छोड़ने पर भी चलता रहता है।',
  ],
  ['quizzes.minutes', { minutes: 30 }, '30 मिनट'],
  // The learner's own screens, checked when every message with a number had to have a sentence.
  ['review.complete', { count: 1 }, 'सत्र पूरा हुआ: 1 कार्ड दोहराया गया।'],
  ['review.complete', { count: 5 }, 'सत्र पूरा हुआ: 5 कार्ड दोहराए गए।'],
  ['dailyFive.progress', { answered: 2, total: 5 }, '5 में से 2 के उत्तर दिए'],
  ['practice.run.question', { n: 3, total: 10 }, 'प्रश्न 3 / 10'],
  ['practice.result.counts', { correct: 7, wrong: 2 }, '7 सही, 2 गलत'],
  ['lists.pager.page', { page: 2, pages: 9 }, 'पेज 2 / 9'],
  ['auth.otp.resendIn', { seconds: 30 }, '30 सेकंड बाद OTP दोबारा भेजें'],
  ['streak.days', { count: 1 }, '1 दिन'],
  ['streak.days', { count: 4 }, '4 दिन'],
  ['quizIntro.questionCount', { count: 1 }, '1 प्रश्न'],
  ['quizIntro.questionCount', { count: 25 }, '25 प्रश्न'],
  [
    'quizIntro.markingWithPenalty',
    { correct: 2, wrong: 0.5 },
    'हर सही उत्तर पर 2 अंक मिलेंगे, हर गलत उत्तर पर 0.5 अंक कटेंगे; छोड़े गए प्रश्न पर 0 अंक।',
  ],
];

const SENTENCES: Sentence[] = [...LEARNER_SENTENCES, ...MORE_SENTENCES];

beforeAll(async () => {
  await Promise.all(
    [
      attemptCatalog,
      resultsCatalog,
      analyticsCatalog,
      reviewCatalog,
      quizIntroCatalog,
      quizzesCatalog,
      commonCatalog,
      listsCatalog,
      authCatalog,
      dailyFiveCatalog,
      practiceCatalog,
      streakCatalog,
      auditLogCatalog,
      authoringCatalog,
      challengesCatalog,
      itemAnalysisCatalog,
      landingCatalog,
      paymentsCatalog,
      recordingsCatalog,
      studentsCatalog,
    ].map((catalog) => catalog.load('hi')),
  );
  await setLanguage('hi');
});
afterAll(() => setLanguage('en'));

describe('Hindi sentences with numbers (issue 30, defects 5 and 6)', () => {
  it.each(SENTENCES)('%s %o', (key, values, hindi) => {
    expect(i18n._(key, values)).toBe(hindi);
  });

  it('names the Banking exams in Hindi and keeps the acronyms', () => {
    const t = (key: string) => i18n._(key);
    expect(['UPSC', 'SSC', 'Banking', 'NEET', 'JEE'].map((exam) => examLabel(exam, t))).toEqual([
      'UPSC',
      'SSC',
      'बैंकिंग',
      'NEET',
      'JEE',
    ]);
  });
});

/**
 * Every Hindi message that puts a number into a sentence must have a reviewed sentence above
 * (issue 30's gate). An argument is a number when ICU types it (`plural`, `selectordinal`, `number`)
 * or when its name is one of NUMBER_ARGUMENTS (numbers the screens pass formatted: "25%", "₹10",
 * "3 दिन"). A new argument name must be put in one of the two lists, so a number cannot slip in under
 * a new name.
 */
const NUMBER_ARGUMENTS = new Set([
  'amount',
  'answered',
  'attempted',
  'best',
  'bin',
  'closed',
  'correct',
  'count',
  'cutoff',
  'duration',
  'elapsed',
  'facility',
  'factor',
  'from',
  'groupSize',
  'interval',
  'limit',
  'marks',
  'max',
  'min',
  'minutes',
  'n',
  'number',
  'of',
  'page',
  'pages',
  'participants',
  'percent',
  'percentile',
  'pFrom',
  'price',
  'pTo',
  'questions',
  'rank',
  'rescored',
  'score',
  'seconds',
  'sections',
  'submitted',
  'target',
  'to',
  'total',
  'value',
  'worst',
  'wrong',
]);
/** Arguments that are words, names, dates or codes: no number agreement in the sentence around them. */
const TEXT_ARGUMENTS = new Set([
  'admin',
  'answer',
  'class',
  'currency',
  'date',
  'exam',
  'id',
  'initials',
  'ist',
  'label',
  'lang',
  'learner',
  'letter',
  'level',
  'list',
  'name',
  'next',
  'orderId',
  'otp',
  'paymentId',
  'phNo',
  'phone',
  'quiz',
  'rating',
  'reason',
  'result',
  'scheme',
  'started',
  'state',
  'text',
  'time',
  'title',
  'topic',
  'typed',
  'url',
  'when',
  'year',
  'zone',
]);

type Compiled = string | number | null | undefined | Compiled[] | { [key: string]: Compiled };
/** The arguments of a compiled ICU message, with their ICU type ('' for a plain one). */
function argumentsOf(node: Compiled, found = new Map<string, string>()): Map<string, string> {
  if (node === null || node === undefined || typeof node !== 'object') return found;
  if (!Array.isArray(node)) {
    for (const value of Object.values(node)) argumentsOf(value, found);
    return found;
  }
  for (const part of node) {
    if (!Array.isArray(part)) {
      argumentsOf(part, found);
      continue;
    }
    const [name, type, format] = part as [string, string?, Compiled?];
    found.set(String(name), type ?? '');
    if (format && typeof format === 'object') argumentsOf(format, found);
  }
  return found;
}

const hindiCatalogues = import.meta.glob<Record<string, string>>('../**/messages/hi.json', {
  eager: true,
  import: 'default',
});
const hindiMessages = Object.values(hindiCatalogues).flatMap((catalogue) => Object.entries(catalogue));

describe('every Hindi message with a number has a reviewed sentence (issue 30)', () => {
  const withArguments = hindiMessages.map(
    ([key, message]) => [key, argumentsOf(compileMessageOrThrow(message) as Compiled)] as const,
  );
  const withNumbers = withArguments
    .filter(([, args]) =>
      [...args].some(
        ([name, type]) => ['plural', 'selectordinal', 'number'].includes(type) || NUMBER_ARGUMENTS.has(name),
      ),
    )
    .map(([key]) => key)
    .sort();

  it('knows every argument as a number or as text', () => {
    expect(hindiMessages.length).toBeGreaterThan(500);
    const unknown = withArguments.flatMap(([key, args]) =>
      [...args.keys()]
        .filter((name) => !NUMBER_ARGUMENTS.has(name) && !TEXT_ARGUMENTS.has(name))
        .map((name) => `${key}: {${name}}`),
    );
    expect(unknown, 'put each new argument in NUMBER_ARGUMENTS or TEXT_ARGUMENTS').toEqual([]);
  });

  it('has a sentence written by a Hindi reader for each', () => {
    const reviewed = new Set(SENTENCES.map(([key]) => key));
    const missing = withNumbers.filter((key) => !reviewed.has(key));
    expect(missing, 'add a reviewed sentence to hindi-sentences*.ts for each').toEqual([]);
    // Nothing reviewed that is gone or has lost its number.
    expect([...reviewed].filter((key) => !withNumbers.includes(key))).toEqual([]);
  });
});
