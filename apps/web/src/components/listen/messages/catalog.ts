import { messages } from 'catalog:./en.json';
import { defineCatalog } from '../../../i18n/i18n';
import type en from './en.json';

/** Listening to questions (the Listen controls) and the one-time "no Hindi voice" notice. */
export const listenCatalog = defineCatalog<keyof typeof en>(
  'listen',
  messages,
  () => import('catalog:./hi.json'),
);
