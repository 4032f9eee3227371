import type { Language } from '../i18n/languages';

/** The text of each push reminder (issue 28), in the learner's language. */
export const REMINDER_TEXTS: Record<
  Language,
  {
    quizOpening: (quiz: string) => { title: string; body: string };
    results: (quiz: string) => { title: string; body: string };
    reviewDue: (count: number) => { title: string; body: string };
    dailyFive: () => { title: string; body: string };
  }
> = {
  en: {
    quizOpening: (quiz) => ({
      title: 'Starts in 15 minutes',
      body: `${quiz} opens in 15 minutes. Get ready.`,
    }),
    results: (quiz) => ({ title: 'Your results are out', body: `See your score and rank in ${quiz}.` }),
    reviewDue: (count) => ({
      title: 'Review time',
      body: count === 1 ? '1 review card is due today.' : `${count} review cards are due today.`,
    }),
    dailyFive: () => ({ title: 'Your daily five is ready', body: 'Five questions, about three minutes.' }),
  },
  hi: {
    quizOpening: (quiz) => ({ title: '15 मिनट में शुरू', body: `${quiz} 15 मिनट में खुलेगा। तैयार हो जाइए।` }),
    results: (quiz) => ({ title: 'आपका परिणाम आ गया है', body: `${quiz} में अपना स्कोर और रैंक देखें।` }),
    reviewDue: (count) => ({ title: 'दोहराने का समय', body: `आज ${count} कार्ड दोहराने हैं।` }),
    dailyFive: () => ({ title: 'आज के पाँच सवाल तैयार हैं', body: 'पाँच सवाल, लगभग तीन मिनट।' }),
  },
};
