import { WEB_ROUTES } from '@quizcast/contract/routes';

/**
 * A redirect target carried through login/register (`?redirect=/profile`), accepted only when it is a
 * path inside this app: never another origin (`//evil.example`, `https://…`) and never the auth pages.
 */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  const path = target.split(/[?#]/)[0];
  if (path === WEB_ROUTES.login || path === WEB_ROUTES.register) return null;
  return target;
}

/** `/login?redirect=…` or `/register?redirect=…` for a target (or the bare page). */
export function withRedirect(page: string, target: string | null | undefined): string {
  const safe = safeRedirect(target);
  return safe ? `${page}?redirect=${encodeURIComponent(safe)}` : page;
}
