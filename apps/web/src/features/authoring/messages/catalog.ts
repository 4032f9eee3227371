import { messages } from 'catalog:./en.json';
import { defineCatalog } from '../../../i18n/i18n';
import type en from './en.json';

/** Authoring quizzes: the admins' quiz list, the editor, import, a quiz's details page. */
export const authoringCatalog = defineCatalog<keyof typeof en>(
  'authoring',
  messages,
  () => import('catalog:./hi.json'),
);

export type AuthoringKey = keyof typeof en;
