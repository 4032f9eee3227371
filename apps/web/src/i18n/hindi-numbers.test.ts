import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsCatalog } from '../features/analytics/messages/catalog';
import { attemptCatalog } from '../features/quizzes/attempt/messages/catalog';
import { quizIntroCatalog } from '../features/quizzes/intro/messages/catalog';
import { quizzesCatalog } from '../features/quizzes/messages/catalog';
import { resultsCatalog } from '../features/results/messages/catalog';
import { reviewCatalog } from '../features/review/messages/catalog';
import { examLabel } from './exam-family';
import { i18n, setLanguage } from './i18n';
import { commonCatalog } from './messages/catalog';

/**
 * The Hindi strings that put numbers in a sentence, rendered with real values and compared with the
 * sentence a Hindi reader wrote (issue 30, defect 5: "प्रश्न 1 में से 3" read as "question 3 out of 1").
 * The order of the numbers and the plural of the noun after them are what these catch.
 */
const SENTENCES: [key: string, values: Record<string, string | number>, hindi: string][] = [
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
];

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
