import { STORAGE_KEYS } from '@quizcast/contract/constants';

/** Local storage that never throws (private mode, quota, disabled storage). */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch (err) {
      console.warn('Could not write to local storage', err);
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
