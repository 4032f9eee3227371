import { EDUCATION_LEVELS } from '@quizcast/contract/constants';
import type { commonCatalog } from './messages/catalog';
import type { Translate } from './use-t';

type CommonKey = NonNullable<(typeof commonCatalog)['keys']>;

/** An education level (the spec's fixed list, sent and stored in English) as the learner reads it. */
export function educationLevelLabel(level: string, t: Translate<CommonKey>): string {
  return (EDUCATION_LEVELS as readonly string[]).includes(level)
    ? t(`common.education.${level}` as CommonKey)
    : level;
}
