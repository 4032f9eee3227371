import { messages } from 'catalog:./en.json';
import { defineCatalog } from '../../../i18n/i18n';
import type en from './en.json';

/** The /progress page (ADR 018). */
export const analyticsCatalog = defineCatalog<keyof typeof en>(
  'analytics',
  messages,
  () => import('catalog:./hi.json'),
);
