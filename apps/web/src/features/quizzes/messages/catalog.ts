import { messages } from 'catalog:./en.json';
import { defineCatalog } from '../../../i18n/i18n';
import type en from './en.json';

/** The quiz list (the intro page has its own, `intro/messages`; the attempt screen is not translated here). */
export const quizzesCatalog = defineCatalog<keyof typeof en>(
  'quizzes',
  messages,
  () => import('catalog:./hi.json'),
);
