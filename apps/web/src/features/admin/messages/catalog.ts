import { messages } from 'catalog:./en.json';
import { defineCatalog } from '../../../i18n/i18n';
import type en from './en.json';

/** The admin screens: quiz list, editor, import, details, participants, item analysis, students. */
export const adminCatalog = defineCatalog<keyof typeof en>(
  'admin',
  messages,
  () => import('catalog:./hi.json'),
);

export type AdminKey = keyof typeof en;
