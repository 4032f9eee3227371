import { messages } from 'catalog:./en.json';
import { defineCatalog } from '../../../i18n/i18n';
import type en from './en.json';

/** The learner's own streak (issue 28), on the quiz list and the progress page. */
export const streakCatalog = defineCatalog<keyof typeof en>(
  'streak',
  messages,
  () => import('catalog:./hi.json'),
);
