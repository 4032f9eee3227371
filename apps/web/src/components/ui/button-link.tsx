import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';

const styles = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 active:bg-brand-900 shadow-sm',
  accent: 'bg-amber-400 text-brand-950 hover:bg-amber-300 active:bg-amber-500 shadow-sm',
  ghost: 'bg-white/10 text-white ring-1 ring-white/30 hover:bg-white/20 active:bg-white/30',
} as const;

export function ButtonLink({
  to,
  children,
  variant = 'primary',
  className = '',
}: {
  to: string;
  children: ReactNode;
  variant?: keyof typeof styles;
  className?: string;
}) {
  return (
    <Link
      to={to}
      className={cn(
        'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-5 py-2.5 text-sm font-semibold transition-colors',
        styles[variant],
        className,
      )}
    >
      {children}
    </Link>
  );
}
