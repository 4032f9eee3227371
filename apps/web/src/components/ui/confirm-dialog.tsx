import { useRef, type RefObject } from 'react';
import { commonCatalog } from '../../i18n/messages/catalog';
import { useT } from '../../i18n/use-t';
import { Button } from './button';
import { Dialog } from './dialog';

/** A yes/no question in a modal; nothing happens unless the user confirms. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  cancelLabel,
  destructive = false,
  loading = false,
  onConfirm,
  returnFocusRef,
  focusConfirm = false,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  message?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
  loading?: boolean;
  onConfirm(): void;
  /** See Dialog: where focus goes on close when the opener is gone (e.g. a menu item). */
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** Focus starts on the confirm button, so Enter confirms (audio mode, where the dialog is spoken). */
  focusConfirm?: boolean;
}) {
  const t = useT(commonCatalog);
  const confirmRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={message}
      returnFocusRef={returnFocusRef}
      initialFocusRef={focusConfirm ? confirmRef : undefined}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {cancelLabel ?? t('common.cancel')}
        </Button>
        <Button
          ref={confirmRef}
          variant={destructive ? 'danger' : 'primary'}
          loading={loading}
          onClick={onConfirm}
        >
          {confirmLabel ?? t('common.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
