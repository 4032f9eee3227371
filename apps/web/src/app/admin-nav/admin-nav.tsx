import { FilePlus2, History, LayoutList, Users } from 'lucide-react';
import { NavLink } from 'react-router';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { useT } from '../../i18n/use-t';
import { useAuth } from '../../lib/auth';
import { adminNavCatalog } from './messages/catalog';

const links = [
  { to: WEB_ROUTES.adminQuizzes, label: 'adminNav.quizzes', Icon: LayoutList },
  { to: WEB_ROUTES.createQuiz, label: 'adminNav.create', Icon: FilePlus2 },
  { to: WEB_ROUTES.participants, label: 'adminNav.participants', Icon: Users },
  { to: WEB_ROUTES.adminAuditLog, label: 'adminNav.auditLog', Icon: History },
] as const;

/** The sidebar's Admin section; renders nothing for participants. */
export function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useAuth();
  if (user?.role !== 'admin') return null;
  return <AdminLinks onNavigate={onNavigate} />;
}

/** Apart from AdminNav: only an admin's sidebar waits for this catalogue's Hindi. */
function AdminLinks({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT(adminNavCatalog);
  return (
    <div className="mt-6" role="group" aria-labelledby="admin-nav-heading">
      <p
        id="admin-nav-heading"
        className="px-4 pb-2 text-xs font-bold tracking-wide text-slate-600 uppercase"
      >
        {t('adminNav.heading')}
      </p>
      {links.map(({ to, label, Icon }) => (
        <NavLink
          key={to}
          to={to}
          end
          onClick={onNavigate}
          className={({ isActive }) =>
            `flex min-h-11 items-center gap-3 rounded-xl px-4 text-sm font-semibold ${
              isActive ? 'bg-brand-100 text-brand-900' : 'text-slate-700 hover:bg-slate-100'
            }`
          }
        >
          <Icon className="size-5" aria-hidden="true" />
          {t(label)}
        </NavLink>
      ))}
    </div>
  );
}
