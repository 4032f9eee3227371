import { API_PREFIX } from '@quizcast/contract/routes';

/**
 * The URL a profile picture is served from (same origin, so the poster canvas is never tainted).
 * NOTE for the lead: Accounts owns photo serving; align this with its route when merging.
 */
export function profilePicUrlFor(key: string | null | undefined): string | null {
  return key ? `${API_PREFIX}/files/${key}` : null;
}
