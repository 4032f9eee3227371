import type { AdminQuizStatus } from '@quizcast/contract/schemas/admin-quiz';
import { Badge } from '../../../components/ui/badge';
import { useT } from '../../../i18n/use-t';
import { authoringCatalog } from '../messages/catalog';

const tones = { draft: 'slate', upcoming: 'blue', live: 'green', ended: 'amber' } as const;

export function QuizStatusBadge({ status }: { status: AdminQuizStatus }) {
  const t = useT(authoringCatalog);
  return <Badge tone={tones[status]}>{t(`authoring.status.${status}`)}</Badge>;
}
