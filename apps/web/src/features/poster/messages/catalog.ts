import { messages } from 'catalog:./en.json';
import { defineCatalog } from '../../../i18n/i18n';
import type en from './en.json';

/** Poster screens' words (ADR 018). */
export const posterCatalog = defineCatalog<keyof typeof en>(
  'poster',
  messages,
  () => import('catalog:./hi.json'),
);
