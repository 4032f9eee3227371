import type { commonCatalog } from './messages/catalog';
import type { Translate } from './use-t';

type CommonKey = NonNullable<(typeof commonCatalog)['keys']>;

/**
 * An exam family (sent and stored in English) as the learner reads it: "Banking" is "बैंकिंग" in
 * Hindi; UPSC, SSC, NEET and JEE are acronyms and read the same in both (issue 30, defect 6).
 */
export function examLabel(exam: string, t: Translate<CommonKey>): string {
  return exam === 'Banking' ? t('common.exam.Banking') : exam;
}
