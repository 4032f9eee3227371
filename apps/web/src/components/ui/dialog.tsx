import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useRef, type ReactNode, type RefObject } from 'react';
import { commonCatalog } from '../../i18n/messages/catalog';
import { useT } from '../../i18n/use-t';

/**
 * Accessible modal: Radix traps focus inside and closes on Escape. On close, focus goes back to
 * what had it when the dialog opened (Radix alone only returns it to a `Dialog.Trigger`, which
 * these controlled dialogs do not use), or to `returnFocusRef` when the opener is gone by then
 * (a menu item whose menu closed).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  dismissible = true,
  onCloseAutoFocus,
  returnFocusRef,
  initialFocusRef,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** When false, Escape and clicks outside do not close it (e.g. while a payment is running). */
  dismissible?: boolean;
  /** Radix's hook when focus returns on close; `preventDefault()` keeps focus where it is. */
  onCloseAutoFocus?: (event: Event) => void;
  /** Where focus goes on close instead of the element that had it on open. */
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** Where focus goes on open instead of the first control (audio mode: the button Enter presses). */
  initialFocusRef?: RefObject<HTMLElement | null>;
}) {
  const opener = useRef<Element | null>(null);
  const t = useT(commonCatalog);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <RadixDialog.Content
          onEscapeKeyDown={(e) => !dismissible && e.preventDefault()}
          onPointerDownOutside={(e) => !dismissible && e.preventDefault()}
          onOpenAutoFocus={(event) => {
            // Runs as the dialog mounts, before focus moves in: the opener still has it.
            opener.current = document.activeElement;
            const first = initialFocusRef?.current;
            if (first) {
              event.preventDefault();
              first.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            onCloseAutoFocus?.(event);
            if (event.defaultPrevented) return;
            event.preventDefault();
            const target = returnFocusRef?.current ?? opener.current;
            if (target instanceof HTMLElement && target.isConnected) target.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl"
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-lg font-bold text-slate-900">{title}</RadixDialog.Title>
            {dismissible && (
              <RadixDialog.Close
                className="-m-2 grid size-11 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 active:bg-slate-200"
                aria-label={t('common.close')}
              >
                <X className="size-5" aria-hidden="true" />
              </RadixDialog.Close>
            )}
          </div>
          {description && (
            <RadixDialog.Description className="mt-2 text-sm text-slate-600">
              {description}
            </RadixDialog.Description>
          )}
          <div className="mt-4">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
