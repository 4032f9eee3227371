import { useLocation, useSearchParams } from 'react-router';
import { safeRedirect } from '../../../lib/redirect';

/** Where to go after signing in: `?redirect=` (or router state from the layout), if it is a path of ours. */
export function useRedirectTarget(): string | null {
  const [params] = useSearchParams();
  const location = useLocation();
  const fromState = (location.state as { redirect?: unknown } | null)?.redirect;
  return safeRedirect(params.get('redirect') ?? (typeof fromState === 'string' ? fromState : null));
}
