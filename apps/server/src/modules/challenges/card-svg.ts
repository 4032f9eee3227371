import { CHALLENGE_RULES, type ChallengeCard } from '@quizcast/contract/schemas/challenge';

/** What a card shows, in the sharer's language: the public card data without its address. */
export type CardContent = Omit<ChallengeCard, 'code' | 'imageUrl' | 'quizId'>;

const LABELS = {
  en: {
    score: 'Score',
    rank: 'Rank',
    percentile: 'Percentile',
    of: 'of',
    topics: 'Topics',
    cta: 'Can you beat this? Try this quiz on Quizcast',
  },
  hi: {
    score: 'अंक',
    rank: 'रैंक',
    percentile: 'पर्सेंटाइल',
    of: 'में से',
    topics: 'विषय',
    cta: 'क्या आप इसे हरा सकते हैं? Quizcast पर यह क्विज़ आज़माएँ',
  },
} as const;

/** Text for an SVG text node: XML-escaped, control characters dropped, cut to `max` characters. */
export function svgText(value: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const chars = Array.from(value.replace(/[\u0000-\u001f\u007f]/g, ' ').trim());
  const cut = chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
  return cut.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const number = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0+$/, ''));

function stat(x: number, label: string, value: string, sub: string): string {
  return [
    `<rect x="${x}" y="270" width="340" height="150" rx="20" fill="#eef2ff"/>`,
    `<text x="${x + 28}" y="316" font-size="28" fill="#3730a3">${label}</text>`,
    `<text x="${x + 28}" y="378" font-size="52" font-weight="700" fill="#111827">${value}</text>`,
    `<text x="${x + 28}" y="408" font-size="22" fill="#4b5563">${sub}</text>`,
  ].join('');
}

function topicBars(content: CardContent): string {
  const rows = content.topics.slice(0, CHALLENGE_RULES.maxTopics);
  return rows
    .map((t, i) => {
      const y = 456 + i * 36;
      const width = Math.round((t.correct / t.total) * 560);
      return [
        `<text x="60" y="${y + 20}" font-size="24" fill="#1f2937">${svgText(t.topic, 22)}</text>`,
        `<rect x="420" y="${y + 2}" width="560" height="22" rx="11" fill="#e5e7eb"/>`,
        width > 0 ? `<rect x="420" y="${y + 2}" width="${width}" height="22" rx="11" fill="#4338ca"/>` : '',
        `<text x="1000" y="${y + 21}" font-size="22" fill="#1f2937">${t.correct}/${t.total}</text>`,
      ].join('');
    })
    .join('');
}

/**
 * The result card as SVG, 1200 × 630 (the Open Graph size), from the result alone: quiz, learner (as
 * the service chose: initials or name), score, rank, percentile and up to four topic bars. Every text
 * is escaped and bounded; nothing refers to a file or an address.
 */
export function cardSvg(content: CardContent): string {
  const l = LABELS[content.lang];
  const { imageWidth: w, imageHeight: h } = CHALLENGE_RULES;
  const footerY = content.topics.length > 0 ? 612 : 520;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="Noto Sans Devanagari">`,
    `<rect width="${w}" height="${h}" fill="#ffffff"/>`,
    `<rect width="${w}" height="14" fill="#4338ca"/>`,
    `<text x="60" y="84" font-size="34" font-weight="700" fill="#4338ca">Quizcast</text>`,
    `<text x="60" y="160" font-size="46" font-weight="700" fill="#111827">${svgText(content.quizName, 44)}</text>`,
    `<text x="60" y="220" font-size="34" fill="#374151">${svgText(content.learner, 40)}</text>`,
    stat(60, l.score, `${number(content.score)}`, `${l.of} ${number(content.maxScore)}`),
    stat(430, l.rank, `${content.rank}`, `${l.of} ${content.totalParticipants}`),
    stat(800, l.percentile, number(content.percentile), ''),
    topicBars(content),
    `<text x="60" y="${footerY}" font-size="22" fill="#4b5563">${svgText(l.cta, 80)}</text>`,
    '</svg>',
  ].join('');
}
