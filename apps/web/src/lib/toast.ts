import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';

let sonner: Promise<typeof SonnerModule> | null = null;
const load = () => (sonner ??= import('sonner'));

/**
 * sonner's `toast`, loaded with the first message instead of with the screen (~9 KB brotli the login
 * screen does not need to paint; issue 17). The toast container (components/ui/toaster) loads the
 * same module, so the message shows there.
 */
export const toast = {
  success: (message: string, options?: ExternalToast) =>
    void load().then((m) => m.toast.success(message, options)),
  error: (message: string, options?: ExternalToast) =>
    void load().then((m) => m.toast.error(message, options)),
};
