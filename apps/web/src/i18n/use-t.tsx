import {
  cloneElement,
  Fragment,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';
import type { Language } from '@quizcast/contract/i18n/languages';
import { localiseMessage } from '@quizcast/contract/i18n/server-messages';
import { currentLanguage, englishI18n, i18n, serverMessageCatalogue, type Catalog } from './i18n';
import { commonCatalog } from './messages/catalog';

const subscribe = (onChange: () => void) => i18n.on('change', onChange);

/**
 * Waits (Suspense) for a catalogue by throwing its promise, not with `use()`: React replays a
 * component that suspended on `use()` once the data is there, and then the skipped `use()` (the
 * catalogue is loaded by now) leaves the hooks after it out of step: React error #467, the screen
 * fails (seen on a page opened in Hindi). A thrown promise makes React render the component afresh.
 */
function waitFor(promise: Promise<void>): never {
  throw promise;
}

/** The language on screen; components re-render when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
}

export type MessageValues = Record<string, string | number | Date | null | undefined>;
export type Translate<Key extends string> = (key: Key, values?: MessageValues) => string;

/**
 * The messages of one catalogue in the language on screen. In Hindi the first render waits (Suspense)
 * for the catalogue's Hindi chunk; after that it is synchronous. Keys are checked by TypeScript.
 */
export function useT<Key extends string>(catalog: Catalog<Key>): Translate<Key> {
  const language = useLanguage();
  if (!catalog.isLoaded(language)) waitFor(catalog.load(language));
  // `language` busts the memo: the same key gives another text once the language changes.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useCallback((key: Key, values?: MessageValues) => i18n._(key, values), [language]);
}

/**
 * Like `useT`, but never waits: until the catalogue's Hindi has arrived (it is requested at once) the
 * English shows. For a screen that must render whatever else failed: the route error page, which may
 * show because the network is gone and a Hindi chunk could not be fetched either.
 */
export function useTOrEnglish<Key extends string>(catalog: Catalog<Key>): Translate<Key> {
  const language = useLanguage();
  const loaded = catalog.isLoaded(language);
  const [, arrived] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!loaded) catalog.load(language).then(arrived, () => undefined);
  }, [catalog, language, loaded]);
  return useCallback(
    (key: Key, values?: MessageValues) => (loaded ? i18n._(key, values) : englishI18n._(key, values)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `language` busts the memo, as in useT
    [language, loaded],
  );
}

/**
 * The contract's messages (validation, OTP, toasts the client shows itself) in the language on screen:
 * English as written in the spec, or their Hindi from the contract's catalogue.
 */
export function useServerMessage(): LocaliseMessage {
  const language = useLanguage();
  if (!commonCatalog.isLoaded(language)) waitFor(commonCatalog.load(language));
  return useMemo(() => {
    const catalogue = serverMessageCatalogue(language);
    const localise = (english: string | undefined) =>
      english === undefined ? undefined : localiseMessage(english, language, catalogue);
    return localise as LocaliseMessage;
  }, [language]);
}

export interface LocaliseMessage {
  (english: string): string;
  (english: string | undefined): string | undefined;
}

/**
 * A message with markup: `<0>…</0>` in the text takes the element `components[0]` around its content,
 * so word order stays the translator's ("हमने <0>+91 {phNo}</0> पर कोड भेजा है").
 */
export function richText(message: string, components: Record<number, ReactElement>): ReactNode {
  const parts: ReactNode[] = [];
  const tag = /<(\d+)>(.*?)<\/\1>/gs;
  let last = 0;
  for (let match = tag.exec(message); match; match = tag.exec(message)) {
    if (match.index > last) parts.push(message.slice(last, match.index));
    const element = components[Number(match[1])];
    parts.push(element ? cloneElement(element, { key: parts.length }, match[2]) : match[2]);
    last = match.index + match[0].length;
  }
  if (last < message.length) parts.push(message.slice(last));
  return <Fragment>{parts}</Fragment>;
}
