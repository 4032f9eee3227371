import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useRef, type RefObject } from 'react';
import { LAYOUT } from '@quizcast/contract/constants';
import { Logo } from '../../components/ui/logo';
import { useT } from '../../i18n/use-t';
import { appCatalog } from '../messages/catalog';
import { SidebarNav } from './sidebar-nav';

/**
 * The phone menu: the sidebar's links in a drawer built on the dialog primitive (focus trap,
 * Escape, the page behind inert). Focus starts on "Close menu" and goes back to "Open menu".
 */
export function PhoneMenu({
  open,
  onOpenChange,
  openButton,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  openButton: RefObject<HTMLButtonElement | null>;
}) {
  const closeButton = useRef<HTMLButtonElement>(null);
  const t = useT(appCatalog);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-30 bg-slate-900/40 md:hidden" />
        <Dialog.Content
          id="sidebar"
          aria-label={t('app.sidebar')}
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            closeButton.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            openButton.current?.focus();
          }}
          style={{ width: LAYOUT.sidebarWidthPx }}
          className="fixed inset-y-0 left-0 z-40 flex max-w-[85vw] flex-col border-r border-slate-200 bg-white pl-[env(safe-area-inset-left)] md:hidden"
        >
          <Dialog.Title className="sr-only">{t('app.menu')}</Dialog.Title>
          <div className="flex items-center justify-between px-6" style={{ height: LAYOUT.topBarHeightPx }}>
            <Logo />
            <Dialog.Close
              ref={closeButton}
              className="grid size-11 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 active:bg-slate-200"
              aria-label={t('app.closeMenu')}
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <SidebarNav onNavigate={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
