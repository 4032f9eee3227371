import { messages } from 'catalog:./en.json';
import { defineCatalog } from '../../../i18n/i18n';
import type en from './en.json';

/** Results screens' words (ADR 018). */
export const resultsCatalog = defineCatalog<keyof typeof en>(
  'results',
  messages,
  () => import('catalog:./hi.json'),
);
