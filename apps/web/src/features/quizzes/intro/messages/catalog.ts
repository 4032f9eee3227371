import { messages } from 'catalog:./en.json';
import { defineCatalog } from '../../../../i18n/i18n';
import type en from './en.json';

/**
 * The quiz intro page (instructions, tips, notices). Its own catalogue, apart from the quiz list's,
 * so the list's first download (budget: 150 KB gzip) does not carry the intro's English.
 */
export const quizIntroCatalog = defineCatalog<keyof typeof en>(
  'quizIntro',
  messages,
  () => import('catalog:./hi.json'),
);
