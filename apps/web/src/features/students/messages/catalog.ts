import { messages } from 'catalog:./en.json';
import { defineCatalog } from '../../../i18n/i18n';
import type en from './en.json';

/** Students: the student list, one student's page, and a quiz's participants. */
export const studentsCatalog = defineCatalog<keyof typeof en>(
  'students',
  messages,
  () => import('catalog:./hi.json'),
);

export type StudentsKey = keyof typeof en;
