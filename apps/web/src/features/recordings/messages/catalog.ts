import { messages } from 'catalog:./en.json';
import { defineCatalog } from '../../../i18n/i18n';
import type en from './en.json';

/** Recording a question's audio in the editor (microphone, upload, remove). */
export const recordingsCatalog = defineCatalog<keyof typeof en>(
  'recordings',
  messages,
  () => import('catalog:./hi.json'),
);

export type RecordingsKey = keyof typeof en;
