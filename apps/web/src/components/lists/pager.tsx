import { Button } from '../ui/button';
import { useT } from '../../i18n/use-t';
import { listsCatalog } from './messages/catalog';

/** Previous / Next with "Page x of y"; hidden when everything fits on one page. */
export function Pager({
  page,
  limit,
  total,
  onPage,
  label,
}: {
  page: number;
  limit: number;
  total: number;
  onPage(page: number): void;
  label: string;
}) {
  const t = useT(listsCatalog);
  const pages = Math.max(1, Math.ceil(total / limit));
  if (total <= limit && page === 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-2">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('lists.pager.previous')}
      </Button>
      <p className="text-sm text-slate-700" aria-live="polite">
        {t('lists.pager.page', { page: Math.min(page, pages), pages })}
      </p>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('lists.pager.next')}
      </Button>
    </nav>
  );
}
