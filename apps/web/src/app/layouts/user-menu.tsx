import { lazy, Suspense, useState } from 'react';
import { STUDENT_MESSAGES } from '@quizcast/contract/messages/student';
import type { ParticipantUser } from '@quizcast/contract/schemas/student';
import { useServerMessage, useT } from '../../i18n/use-t';
import { appCatalog } from '../messages/catalog';
import { USER_MENU_TRIGGER_CLASS, UserMenuTriggerFace } from './user-menu-trigger';

// The dropdown (Radix menu, its positioning code and the logout confirm) is not needed to use a
// screen: it loads right after the first paint, while the same-looking button holds its place.
const UserMenuDropdown = lazy(() =>
  import('./user-menu-dropdown').then((m) => ({ default: m.UserMenuDropdown })),
);

/**
 * The top bar's user menu (spec section 2): opens and closes on click, offers Profile and Logout;
 * Logout asks "Are you sure want to logout?" and only a confirm signs out.
 */
export function UserMenu({ user, onLogout }: { user: ParticipantUser | null; onLogout(): void }) {
  const t = useT(appCatalog);
  const m = useServerMessage();
  const name = user?.name ?? m(STUDENT_MESSAGES.guestName);
  // A tap before the menu's code has arrived is not lost: the menu opens as soon as it is there.
  // Radix's trigger opens on pointerdown, not click, so this one does too: a tap whose pointerdown
  // lands here and whose click lands on the trigger that replaced it in between is one tap, not none.
  // Enter and Space reach onClick.
  const [openedEarly, setOpenedEarly] = useState(false);
  return (
    <Suspense
      fallback={
        <button
          type="button"
          className={USER_MENU_TRIGGER_CLASS}
          aria-label={t('app.userMenu.label', { name })}
          aria-haspopup="menu"
          aria-expanded={openedEarly}
          onPointerDown={(event) => {
            if (event.button === 0 && !event.ctrlKey) setOpenedEarly(true);
          }}
          onClick={() => setOpenedEarly(true)}
        >
          <UserMenuTriggerFace user={user} name={name} />
        </button>
      }
    >
      <UserMenuDropdown user={user} onLogout={onLogout} defaultOpen={openedEarly} />
    </Suspense>
  );
}
