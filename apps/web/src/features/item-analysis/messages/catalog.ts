import { messages } from 'catalog:./en.json';
import { defineCatalog } from '../../../i18n/i18n';
import type en from './en.json';

/** Item analysis: how each question of a quiz performed, and correcting its key. */
export const itemAnalysisCatalog = defineCatalog<keyof typeof en>(
  'itemAnalysis',
  messages,
  () => import('catalog:./hi.json'),
);

export type ItemAnalysisKey = keyof typeof en;
