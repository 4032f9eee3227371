import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SERVER_ROOT } from '../../lib/server-root';
import type { FileStorage } from '../../providers/storage/storage';

/** Where the participation poster's template lives in file storage. */
export const POSTER_TEMPLATE_KEY = 'assets/poster-template.webp';

/** The committed template (made by `scripts/make-poster-template.ts`), copied into storage when missing. */
export const COMMITTED_POSTER_TEMPLATE = path.join(SERVER_ROOT, 'assets/poster-template.webp');

/**
 * Makes sure storage holds the poster template, seeding it from the committed file when it is missing
 * (a fresh data dir or an empty bucket). An operator may replace the stored file with their own design.
 */
export async function ensurePosterTemplate(storage: FileStorage): Promise<void> {
  if (await storage.stat(POSTER_TEMPLATE_KEY)) return;
  await storage.put(POSTER_TEMPLATE_KEY, await readFile(COMMITTED_POSTER_TEMPLATE), 'image/webp');
}
