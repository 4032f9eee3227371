import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { commonCatalog } from '../../i18n/messages/catalog';
import { useT } from '../../i18n/use-t';

/**
 * What an action says about the screen it opens ("User registered successfully" on the quiz list,
 * "Profile updated successfully" on the profile, "Your session has ended" on the login), shown at the
 * top of that screen in the page's flow. As toasts these covered the first screen for 4 s on a 360 px
 * phone (a quiz row, the Privacy heading: issue 30, defect 7); in the flow they cover nothing. A
 * notice goes when the learner moves to another screen, or closes it. Toasts themselves go when the
 * screen changes (toasts-follow-screen.ts).
 */
interface Notice {
  message: string;
  tone: 'success' | 'error';
  /** The pathname of the screen it is for. */
  to: string;
  /** Set once it has shown: on any other screen it is gone. */
  shown?: boolean;
}

let notice: Notice | null = null;
const listeners = new Set<() => void>();
function set(next: Notice | null) {
  notice = next;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Says `message` at the top of the screen at `to` (a path, its query ignored), the one the action opens next. */
export function announceOn(to: string, message: string, tone: Notice['tone'] = 'success'): void {
  set({ message, tone, to: new URL(to, 'http://screen.invalid').pathname });
}

/** Where a screen's notice shows: first in its content, above its heading. */
export function ScreenNotice() {
  const t = useT(commonCatalog);
  const { pathname } = useLocation();
  const current = useSyncExternalStore(subscribe, () => notice);
  const visible = current !== null && current.to === pathname;

  useEffect(() => {
    if (!notice) return;
    // Shown: no re-render needed, only remembered.
    if (notice.to === pathname) notice.shown = true;
    else if (notice.shown) set(null);
  }, [current, pathname]);

  const success = current?.tone !== 'error';
  const Icon = success ? CircleCheck : CircleAlert;
  return (
    <div
      data-testid="screen-notice"
      className={
        visible
          ? `mb-4 flex items-start gap-2 rounded-xl py-1 pr-1 pl-4 text-sm font-medium ring-1 ${
              success
                ? 'bg-emerald-50 text-emerald-900 ring-emerald-300'
                : 'bg-red-50 text-red-900 ring-red-300'
            }`
          : undefined
      }
    >
      {/* Always in the page, so that a message put into it is read out. */}
      <p role="status" className={visible ? 'flex min-w-0 flex-1 items-start gap-2 py-2' : undefined}>
        {visible && (
          <>
            <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <span>{current.message}</span>
          </>
        )}
      </p>
      {visible && (
        <button
          type="button"
          className="grid size-11 shrink-0 place-items-center rounded-lg hover:bg-black/5"
          aria-label={t('common.notice.close')}
          onClick={() => set(null)}
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
