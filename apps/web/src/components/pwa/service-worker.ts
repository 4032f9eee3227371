import { registerSW } from 'virtual:pwa-register';

/**
 * The service worker's registration, once per page, outside React (issue 30, defect 1): the
 * library's `useRegisterSW` registers during render, so a worker that finishes installing after
 * React threw that render away set state on a component that never mounted. Here the state lives in
 * a small store that components read with `useSyncExternalStore`; registration starts from an effect.
 */
let needRefresh = false;
let update: ((reload?: boolean) => Promise<void>) | null = null;
const listeners = new Set<() => void>();

export function startServiceWorker(): void {
  if (update) return;
  update = registerSW({
    immediate: true,
    onNeedRefresh() {
      needRefresh = true;
      for (const listener of listeners) listener();
    },
    onRegisterError: (error) => console.warn('Service worker registration failed', error),
  });
}

export function subscribeToUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const updateWaiting = (): boolean => needRefresh;

/** Activates the waiting worker and reloads the page. */
export function applyUpdate(): void {
  void update?.(true);
}
