import type { ReactNode } from 'react';

const variants = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 active:bg-brand-900 shadow-sm',
  accent: 'bg-amber-400 text-brand-950 hover:bg-amber-300 active:bg-amber-500 shadow-sm',
} as const;

const sizes = {
  md: 'px-5 text-sm',
  lg: 'px-6 text-base',
} as const;

/**
 * A plain link that looks like a button, for the landing page. The landing page boots without
 * React Router and tailwind-merge (src/landing-main.tsx, ADR 013), so its links load the next
 * screen as a page, and the classes are whole sets chosen by `variant` and `size` instead of
 * merged: `className` may only add classes that conflict with none of them (a `max-sm:` padding
 * is fine, it is a later rule).
 */
export function AnchorButton({
  href,
  children,
  variant = 'primary',
  size = 'md',
  className = '',
}: {
  href: string;
  children: ReactNode;
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  className?: string;
}) {
  return (
    <a
      href={href}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-xl py-2.5 font-semibold transition-colors ${sizes[size]} ${variants[variant]} ${className}`}
    >
      {children}
    </a>
  );
}
