import { setupI18n, type Messages } from '@lingui/core';
import { STORAGE_KEYS } from '@quizcast/contract/constants';
import { DEFAULT_LANGUAGE, INTL_LOCALES, isLanguage, type Language } from '@quizcast/contract/i18n/languages';
import type { ServerMessageCatalogue } from '@quizcast/contract/i18n/server-messages';
import { storage } from '../lib/storage';
import { loadDevanagariFont } from './devanagari-font';

/**
 * The app's one Lingui instance (ADR 018). Catalogues are split by feature: each feature defines its
 * catalogue once (`defineCatalog`) with its English compiled in (it ships with the feature's code) and
 * its Hindi behind a dynamic import, so nothing in Hindi is downloaded until Hindi is chosen.
 */
export const i18n = setupI18n();
i18n.load({ en: {}, hi: {} });
i18n.activate(DEFAULT_LANGUAGE, [INTL_LOCALES[DEFAULT_LANGUAGE]]);

/** Every catalogue's English, always: for screens that must not wait for a Hindi chunk (`useTOrEnglish`). */
export const englishI18n = setupI18n();
englishI18n.load({ en: {} });
englishI18n.activate('en', [INTL_LOCALES.en]);

export interface Catalog<Key extends string> {
  readonly name: string;
  /** Phantom: the catalogue's message keys, for `useT`. */
  readonly keys?: Key;
  isLoaded(language: Language): boolean;
  /** The same promise until it settles; a failed load may be retried. */
  load(language: Language): Promise<void>;
}

const catalogs = new Set<Catalog<string>>();

let serverMessagesHi: ServerMessageCatalogue | null = null;
let serverMessagesLoad: Promise<void> | null = null;

/** The contract's Hindi for the API's messages (the web shows some of them itself: validation, toasts). */
function loadServerMessages(): Promise<void> {
  serverMessagesLoad ??= import('@quizcast/contract/i18n/server-messages.hi').then(
    (m) => {
      serverMessagesHi = { exact: m.SERVER_MESSAGES_HI, patterns: m.SERVER_MESSAGE_PATTERNS_HI };
    },
    (err: unknown) => {
      serverMessagesLoad = null;
      throw err;
    },
  );
  return serverMessagesLoad;
}

export function serverMessageCatalogue(language: Language): ServerMessageCatalogue | null {
  return language === 'hi' ? serverMessagesHi : null;
}

/**
 * One feature's messages. Keys are `<name>.<what>` (the catalogue test checks it), so catalogues can
 * share the one Lingui instance without clashing.
 */
export function defineCatalog<Key extends string>(
  name: string,
  english: Messages,
  loadHindi: () => Promise<{ messages: Messages }>,
): Catalog<Key> {
  i18n.load('en', english);
  englishI18n.load('en', english);
  let hindi: Promise<void> | null = null;
  let hindiLoaded = false;
  const catalog: Catalog<Key> = {
    name,
    isLoaded: (language) => language === 'en' || (hindiLoaded && serverMessagesHi !== null),
    load(language) {
      if (language === 'en') return Promise.resolve();
      hindi ??= Promise.all([loadHindi(), loadServerMessages()]).then(
        ([{ messages }]) => {
          i18n.load('hi', messages);
          hindiLoaded = true;
        },
        (err: unknown) => {
          hindi = null;
          throw err;
        },
      );
      return hindi;
    },
  };
  catalogs.add(catalog);
  return catalog;
}

export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
}

/** The language chosen on this device, or null when the learner never chose one here. */
export function storedLanguage(): Language | null {
  const stored = storage.get(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : null;
}

function show(language: Language): void {
  document.documentElement.lang = language;
  if (language === 'hi') void loadDevanagariFont();
  i18n.activate(language, [INTL_LOCALES[language]]);
}

/**
 * Switch the whole app: the Hindi of every catalogue loaded so far arrives first (so the screen never
 * flashes keys or falls back to a spinner), then `<html lang>`, the font and every `useT` follow.
 * The choice is kept on this device.
 */
export async function setLanguage(language: Language): Promise<void> {
  await Promise.all([...catalogs].map((catalog) => catalog.load(language)));
  storage.set(STORAGE_KEYS.language, language);
  show(language);
}

/** The query parameter of the language switch's links (`?lang=hi`): they work before any script runs. */
export const LANGUAGE_PARAM = 'lang';

/**
 * A language chosen through the switch's link before the page's code had arrived (issue 30,
 * defect 4: a tap on हिन्दी during the landing page's load was lost): kept on the device like a
 * choice made with the code running, and taken out of the address.
 */
function chosenByLink(): void {
  const url = new URL(window.location.href);
  const chosen = url.searchParams.get(LANGUAGE_PARAM);
  if (chosen === null) return;
  if (isLanguage(chosen)) storage.set(STORAGE_KEYS.language, chosen);
  url.searchParams.delete(LANGUAGE_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** At start: the language kept on this device (English when none); its catalogues load as screens need them. */
export function startLanguage(): Language {
  chosenByLink();
  const language = storedLanguage() ?? DEFAULT_LANGUAGE;
  show(language);
  return language;
}
