import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FileStorage } from '../../providers/storage/storage';

/** Where the participation poster's template lives in file storage. */
export const POSTER_TEMPLATE_KEY = 'assets/poster-template.png';

/** The committed template (made by `scripts/make-poster-template.ts`), copied into storage when missing. */
export const COMMITTED_POSTER_TEMPLATE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../assets/poster-template.png',
);

/**
 * Makes sure storage holds the poster template, seeding it from the committed file when it is missing
 * (a fresh data dir or an empty bucket). An operator may replace the stored file with their own design.
 */
export async function ensurePosterTemplate(storage: FileStorage): Promise<void> {
  if (await storage.stat(POSTER_TEMPLATE_KEY)) return;
  await storage.put(POSTER_TEMPLATE_KEY, await readFile(COMMITTED_POSTER_TEMPLATE), 'image/png');
}
