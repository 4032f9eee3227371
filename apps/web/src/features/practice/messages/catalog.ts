import { messages } from 'catalog:./en.json';
import { defineCatalog } from '../../../i18n/i18n';
import type en from './en.json';

/** /practice: published quizzes to practise, topic drills, the practice screen (issue 27). */
export const practiceCatalog = defineCatalog<keyof typeof en>(
  'practice',
  messages,
  () => import('catalog:./hi.json'),
);
