import type { ItemAnalysisResponse, ItemRow, TrendPoint } from '@quizcast/contract/schemas/analytics';
import type { StoredSection } from '../../db/schema';
import { maximumScore } from '../marking/marking';
import type { TrendRow } from './analytics.repository';

/**
 * Item analysis by section (issue 26): each section's question count and the mean facility of its
 * live (not dropped) questions, 1 decimal; null when none is live.
 */
export function itemSections(
  sections: readonly StoredSection[],
  items: readonly ItemRow[],
): NonNullable<ItemAnalysisResponse['sections']> {
  return sections.map((s, i) => {
    const mine = items.filter((item) => item.section === i);
    const live = mine.filter((item) => !item.dropped);
    const mean = live.length ? live.reduce((sum, item) => sum + item.facility, 0) / live.length : null;
    return {
      name: s.name,
      nameHi: s.nameHi,
      questions: mine.length,
      facility: mean === null ? null : Math.round(mean * 10) / 10,
    };
  });
}

/**
 * The progress page's figures of one sectional quiz, section by section (issue 26): the score
 * publication wrote for each section, out of the section's live questions at its marks, and its
 * cut-off cleared or not.
 */
export function trendSections(t: TrendRow): NonNullable<TrendPoint['sections']> {
  const scheme = { correct: t.markCorrect, wrong: 0 };
  return t.sections.map((s, i) => {
    const score = t.sectionResults?.[i]?.score ?? 0;
    return {
      name: s.name,
      nameHi: s.nameHi,
      score,
      maxScore: maximumScore(
        t.liveSections.filter((x) => x === i).map((section) => ({ dropped: false, section })),
        scheme,
        t.sections,
      ),
      cleared: s.cutoff === null ? null : score >= s.cutoff,
    };
  });
}
