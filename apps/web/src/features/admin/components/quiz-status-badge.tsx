import { ADMIN_QUIZ_STATUS_LABELS } from '@quizcast/contract/domain/admin-quiz';
import type { AdminQuizStatus } from '@quizcast/contract/schemas/admin';
import { Badge } from '../../../components/ui/badge';

const tones = { draft: 'slate', upcoming: 'blue', live: 'green', ended: 'amber' } as const;

export function QuizStatusBadge({ status }: { status: AdminQuizStatus }) {
  return <Badge tone={tones[status]}>{ADMIN_QUIZ_STATUS_LABELS[status]}</Badge>;
}
