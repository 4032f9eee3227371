import { messages } from 'catalog:./en.json';
import { defineCatalog } from '../../../i18n/i18n';
import type en from './en.json';

/** The landing page's messages; its Hindi is a separate chunk, fetched only when Hindi is chosen. */
export const landingCatalog = defineCatalog<keyof typeof en>(
  'landing',
  messages,
  () => import('catalog:./hi.json'),
);
