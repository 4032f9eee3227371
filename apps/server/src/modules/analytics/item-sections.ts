import type { ItemAnalysisResponse, ItemRow } from '@quizcast/contract/schemas/analytics';
import type { StoredSection } from '../../db/schema';

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
