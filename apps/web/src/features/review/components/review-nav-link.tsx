import { Repeat } from 'lucide-react';
import { NavLink } from 'react-router';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { useReviewDueCount } from '../hooks/use-review-due-count';

/**
 * The sidebar's "Review" entry with the number of cards due as a badge. Its words come from the
 * sidebar (the app chrome's catalogue), so the quiz list does not load the review screens' catalogue.
 */
export function ReviewNavLink({
  onNavigate,
  label,
  dueLabel,
}: {
  onNavigate(): void;
  label: string;
  dueLabel: string;
}) {
  const due = useReviewDueCount();
  const count = due.data ?? 0;
  return (
    <NavLink
      to={WEB_ROUTES.review}
      onClick={onNavigate}
      className={({ isActive }) =>
        `mt-1 flex min-h-11 items-center gap-3 rounded-xl px-4 text-sm font-semibold ${
          isActive ? 'bg-brand-100 text-brand-900' : 'text-slate-700 hover:bg-slate-100 active:bg-slate-200'
        }`
      }
    >
      <Repeat className="size-5" aria-hidden="true" />
      {label}
      {count > 0 && (
        <span className="ml-auto rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white">
          {count}
          <span className="sr-only"> {dueLabel}</span>
        </span>
      )}
    </NavLink>
  );
}
