import { STORAGE_KEYS } from '@quizcast/contract/constants';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@quizcast/contract/i18n/languages';

/** Local storage that never throws (private mode, quota, disabled storage). */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  /** False when the device refused the write (full, private mode, disabled): callers may tell the user. */
  set(key: string, value: string): boolean {
    try {
      window.localStorage.setItem(key, value);
      return true;
    } catch (err) {
      console.warn('Could not write to local storage', err);
      return false;
    }
  },
  /** Every stored key starting with `prefix`. */
  keys(prefix: string): string[] {
    try {
      const out: string[] = [];
      for (let i = 0; i < window.localStorage.length; i++) {
        const key = window.localStorage.key(i);
        if (key?.startsWith(prefix)) out.push(key);
      }
      return out;
    } catch {
      return [];
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* nothing stored to remove */
    }
  },
};

export const getAccessToken = () => storage.get(STORAGE_KEYS.accessToken);

/** The language chosen on this device (English when none). */
export function getLanguage(): Language {
  const stored = storage.get(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}
