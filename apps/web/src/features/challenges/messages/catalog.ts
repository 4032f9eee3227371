import { messages } from 'catalog:./en.json';
import { defineCatalog } from '../../../i18n/i18n';
import type en from './en.json';

/** Sharing a result and its challenge link `/c/<code>` (issue 28). */
export const challengesCatalog = defineCatalog<keyof typeof en>(
  'challenges',
  messages,
  () => import('catalog:./hi.json'),
);
