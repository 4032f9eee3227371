import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { webPath } from '@quizcast/contract/routes';
import type { ChallengeCard } from '@quizcast/contract/schemas/challenge';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const number = (n: number) => (Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100));

/** The page's words in the card's language (the sharer's): crawlers read these, the app replaces the body. */
export function challengeTexts(card: ChallengeCard): { title: string; description: string; cta: string } {
  const score = `${number(card.score)}/${number(card.maxScore)}`;
  if (card.lang === 'hi') {
    return {
      title: `${card.learner} ने ${card.quizName} में ${score} अंक पाए`,
      description: `रैंक ${card.rank} (${card.totalParticipants} में से), पर्सेंटाइल ${number(card.percentile)}। क्या आप इसे हरा सकते हैं?`,
      cta: 'यह क्विज़ आज़माएँ',
    };
  }
  return {
    title: `${card.learner} scored ${score} in ${card.quizName}`,
    description: `Rank ${card.rank} of ${card.totalParticipants}, percentile ${number(card.percentile)}. Can you beat it?`,
    cta: 'Try this quiz',
  };
}

/** The app's shell: the built index.html, or a bare page when the web app is not built (API tests). */
export function loadShell(webDist: string): string {
  const file = path.join(webDist, 'index.html');
  if (existsSync(file)) return readFileSync(file, 'utf8');
  return '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Quizcast</title></head><body><div id="root"></div></body></html>';
}

/**
 * `/c/<code>` rendered by the server (issue 28): Open Graph title, description and image for link
 * previews, and the card with "Try this quiz" inside the app's root, which the app then replaces.
 */
export function challengePageHtml(shell: string, card: ChallengeCard, origin: string): string {
  const { title, description, cta } = challengeTexts(card);
  const pageUrl = `${origin}${webPath.challenge(card.code)}`;
  const imageUrl = `${origin}${card.imageUrl}`;
  const meta = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="robots" content="noindex" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Quizcast" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(pageUrl)}" />`,
    `<meta property="og:image" content="${escapeHtml(imageUrl)}" />`,
    `<meta property="og:image:type" content="image/png" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta property="og:image:alt" content="${escapeHtml(title)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ].join('\n    ');
  const body = [
    `<main lang="${card.lang}">`,
    `<h1>${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(description)}</p>`,
    `<img src="${escapeHtml(card.imageUrl)}" width="1200" height="630" alt="${escapeHtml(title)}" style="max-width:100%;height:auto" />`,
    `<p><a href="${escapeHtml(webPath.challengeTry(card.code))}">${escapeHtml(cta)}</a></p>`,
    `</main>`,
  ].join('');
  // Replacements as functions: a learner's name or a quiz's title may hold `$'` or `$&`, which a
  // replacement string would expand into copies of the shell.
  return shell
    .replace(/<title>[\s\S]*?<\/title>/, () => meta)
    .replace(
      /<meta\s+name="description"[\s\S]*?\/>/,
      () => `<meta name="description" content="${escapeHtml(description)}" />`,
    )
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
}
