import { messages } from 'catalog:./en.json';
import { defineCatalog } from '../../../i18n/i18n';
import type en from './en.json';

/** /review (spaced repetition), its session and "Add to my review" (ADR 018). */
export const reviewCatalog = defineCatalog<keyof typeof en>(
  'review',
  messages,
  () => import('catalog:./hi.json'),
);
