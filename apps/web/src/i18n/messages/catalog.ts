import { messages } from 'catalog:./en.json';
import { defineCatalog } from '../i18n';
import type en from './en.json';

/** Shared primitives' words (loader, dialogs, photo picker, education levels, the language switch). */
export const commonCatalog = defineCatalog<keyof typeof en>(
  'common',
  messages,
  () => import('catalog:./hi.json'),
);
