import { messages } from 'catalog:./en.json';
import { defineCatalog } from '../../../i18n/i18n';
import type en from './en.json';

/** The quiz list and the quiz intro page (not the attempt screen: it keeps its own, within its budget). */
export const quizzesCatalog = defineCatalog<keyof typeof en>(
  'quizzes',
  messages,
  () => import('catalog:./hi.json'),
);
