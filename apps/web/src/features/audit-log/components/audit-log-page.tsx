import { useState } from 'react';
import type { AuditEntry } from '@quizcast/contract/schemas/account';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { useLanguage, useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/api-client';
import { AUDIT_PAGE_SIZE, useAuditLog } from '../api/audit-log';
import { auditLogCatalog } from '../messages/catalog';

const KNOWN_ACTIONS = new Set([
  'quiz.create',
  'quiz.update',
  'quiz.delete',
  'quiz.import_questions',
  'quiz.key_correction',
  'quiz.extra_time',
  'user.promote',
  'user.demote',
]);

/** `{ questionId: "…", dropped: true }` → "questionId: …, dropped: true" (nested values as JSON). */
function detailsText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}

function Entry({ entry }: { entry: AuditEntry }) {
  const t = useT(auditLogCatalog);
  const language = useLanguage();
  const at = new Date(entry.at);
  const action = KNOWN_ACTIONS.has(entry.action)
    ? t(`auditLog.action.${entry.action}` as Parameters<typeof t>[0])
    : entry.action;
  const target =
    entry.targetId === null
      ? t('auditLog.target.none')
      : entry.targetType === 'quiz' || entry.targetType === 'user'
        ? t(`auditLog.target.${entry.targetType}`, { id: entry.targetId })
        : `${entry.targetType} ${entry.targetId}`;
  const details = detailsText(entry.details);
  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="audit-entry">
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="font-medium text-slate-600">{t('auditLog.when')}</dt>
        <dd className="text-slate-900">
          <time dateTime={entry.at}>
            {at.toLocaleString(language === 'hi' ? 'hi-IN' : 'en-IN', {
              dateStyle: 'medium',
              timeStyle: 'short',
            })}
          </time>
        </dd>
        <dt className="font-medium text-slate-600">{t('auditLog.who')}</dt>
        <dd className="break-words text-slate-900">{entry.actor}</dd>
        <dt className="font-medium text-slate-600">{t('auditLog.action')}</dt>
        <dd className="font-semibold text-slate-900" data-testid="audit-action">
          {action}
        </dd>
        <dt className="font-medium text-slate-600">{t('auditLog.target')}</dt>
        <dd className="break-all text-slate-900">{target}</dd>
        <dt className="font-medium text-slate-600">{t('auditLog.details')}</dt>
        <dd className="break-all text-slate-700">{details || t('auditLog.noDetails')}</dd>
      </dl>
    </li>
  );
}

/** Admin: the audit log (issue 15 item 8), newest first, paged. */
export function AuditLogPage() {
  const t = useT(auditLogCatalog);
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);

  let body;
  if (log.isPending) body = <Spinner label={t('auditLog.loading')} />;
  else if (log.isError) {
    body = (
      <ErrorState
        title={t('auditLog.loadFailed')}
        message={errorMessage(log.error, t('auditLog.retryHint'))}
        onRetry={() => void log.refetch()}
      />
    );
  } else if (log.data.entries.length === 0) {
    body = (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
        {t('auditLog.empty')}
      </p>
    );
  } else {
    const pages = Math.max(1, Math.ceil(log.data.total / AUDIT_PAGE_SIZE));
    body = (
      <>
        <ol className="grid gap-3" aria-busy={log.isPlaceholderData}>
          {log.data.entries.map((entry) => (
            <Entry key={entry._id} entry={entry} />
          ))}
        </ol>
        {pages > 1 && (
          <nav aria-label={t('auditLog.pages')} className="mt-4 flex items-center justify-between gap-2">
            <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('auditLog.previous')}
            </Button>
            <p className="text-sm text-slate-700" aria-live="polite">
              {t('auditLog.pageOf', { page: Math.min(page, pages), pages })}
            </p>
            <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {t('auditLog.next')}
            </Button>
          </nav>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="audit-log-heading">
      <h1 id="audit-log-heading" className="text-2xl font-bold text-slate-900">
        {t('auditLog.title')}
      </h1>
      <p className="mt-1 mb-4 text-sm text-slate-600">{t('auditLog.subtitle')}</p>
      {body}
    </section>
  );
}
