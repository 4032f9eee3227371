import { ChartLine, Dumbbell, ListChecks } from 'lucide-react';
import { NavLink } from 'react-router';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { AdminNav } from '../admin-nav/admin-nav';
import { ReviewNavLink } from '../../features/review/components/review-nav-link';
import { useT } from '../../i18n/use-t';
import { appCatalog } from '../messages/catalog';

/** The menu's links, in the desktop sidebar and in the phone drawer. */
export function SidebarNav({ onNavigate }: { onNavigate(): void }) {
  const t = useT(appCatalog);
  return (
    <nav className="flex-1 px-4 py-2" aria-label={t('app.nav.main')}>
      <NavLink
        to={WEB_ROUTES.quizzes}
        onClick={onNavigate}
        className={({ isActive }) =>
          `flex min-h-11 items-center gap-3 rounded-xl px-4 text-sm font-semibold ${
            isActive ? 'bg-brand-100 text-brand-900' : 'text-slate-700 hover:bg-slate-100 active:bg-slate-200'
          }`
        }
      >
        <ListChecks className="size-5" aria-hidden="true" />
        {t('app.nav.quizzes')}
      </NavLink>
      <NavLink
        to={WEB_ROUTES.practice}
        onClick={onNavigate}
        className={({ isActive }) =>
          `mt-1 flex min-h-11 items-center gap-3 rounded-xl px-4 text-sm font-semibold ${
            isActive ? 'bg-brand-100 text-brand-900' : 'text-slate-700 hover:bg-slate-100 active:bg-slate-200'
          }`
        }
      >
        <Dumbbell className="size-5" aria-hidden="true" />
        {t('app.nav.practice')}
      </NavLink>
      <ReviewNavLink onNavigate={onNavigate} label={t('app.nav.review')} dueLabel={t('app.nav.reviewDue')} />
      <NavLink
        to={WEB_ROUTES.progress}
        onClick={onNavigate}
        className={({ isActive }) =>
          `mt-1 flex min-h-11 items-center gap-3 rounded-xl px-4 text-sm font-semibold ${
            isActive ? 'bg-brand-100 text-brand-900' : 'text-slate-700 hover:bg-slate-100 active:bg-slate-200'
          }`
        }
      >
        <ChartLine className="size-5" aria-hidden="true" />
        {t('app.nav.progress')}
      </NavLink>
      <AdminNav onNavigate={onNavigate} />
    </nav>
  );
}
