import type { ChallengeCard } from '@quizcast/contract/schemas/challenge';
import { describe, expect, it } from 'vitest';
import { challengePageHtml } from './challenge-page';

const SHELL =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Quizcast</title>' +
  '<meta name="description" content="Practice" /></head><body><div id="root"></div></body></html>';

const card = (learner: string, quizName: string): ChallengeCard => ({
  code: 'AbCdEfGhIjKlMnOpQrStUv',
  quizId: '00000000-0000-4000-8000-000000000001',
  quizName,
  learner,
  score: 7,
  maxScore: 10,
  rank: 2,
  totalParticipants: 30,
  percentile: 96.7,
  topics: [],
  lang: 'en',
  imageUrl: '/api/challenges/AbCdEfGhIjKlMnOpQrStUv/card.png',
});

describe('the challenge page (issue 28)', () => {
  it("a name or title with $' or $& is text, not a replacement pattern that copies the shell", () => {
    const html = challengePageHtml(SHELL, card("Ravi $' $& $`", 'Quiz $&'), 'https://quizcast.example');
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('Ravi $&#39; $&#38; $`');
    expect(html).toContain(
      '<meta property="og:image" content="https://quizcast.example/api/challenges/AbCdEfGhIjKlMnOpQrStUv/card.png" />',
    );
  });
});
