import { messages } from 'catalog:./en.json';
import { defineCatalog } from '../../../../i18n/i18n';
import type en from './en.json';

/**
 * The attempt screen (question, palette, actions, submit dialog, clock, audio-mode cues), the time-up
 * and submitted screens. Apart from the quiz list's catalogue, so the list does not carry it.
 */
export const attemptCatalog = defineCatalog<keyof typeof en>(
  'attempt',
  messages,
  () => import('catalog:./hi.json'),
);
