import { ChevronDown, LogOut, UserRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { STUDENT_MESSAGES, type ParticipantUser } from '@quizcast/contract/schemas/student';
import { Avatar } from '../../components/ui/avatar';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';

/**
 * The top bar's user menu (spec section 2): opens and closes on click, offers Profile and Logout;
 * Logout asks "Are you sure want to logout?" and only a confirm signs out.
 */
export function UserMenu({ user, onLogout }: { user: ParticipantUser | null; onLogout(): void }) {
  const navigate = useNavigate();
  const [confirmOpen, setConfirmOpen] = useState(false);
  // The Logout item is gone once its menu closes: the confirm gives focus back to the menu button.
  const triggerRef = useRef<HTMLButtonElement>(null);
  const name = user?.name ?? STUDENT_MESSAGES.guestName;
  const secondary = user ? (user.email ?? `+91 ${user.phNo}`) : STUDENT_MESSAGES.guestEmail;

  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          ref={triggerRef}
          className="flex min-h-11 items-center gap-2 rounded-full p-1 pr-2 text-slate-700 hover:bg-slate-100 data-[state=open]:bg-slate-100"
          aria-label={`${name}, User menu`}
        >
          <Avatar src={user?.profilePicUrl} alt="" />
          <span className="hidden max-w-40 truncate text-sm font-semibold sm:inline">{name}</span>
          <ChevronDown className="size-4" aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={8}
            className="z-50 w-64 rounded-2xl bg-white p-2 shadow-lg ring-1 ring-slate-200"
          >
            <div className="flex items-center gap-3 px-3 py-2">
              <Avatar src={user?.profilePicUrl} alt="" />
              <div className="min-w-0">
                <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
                <p className="truncate text-xs text-slate-600">{secondary}</p>
              </div>
            </div>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Item
              onSelect={() => navigate(WEB_ROUTES.profile)}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 text-sm font-medium text-slate-800 data-[highlighted]:bg-slate-100"
            >
              <UserRound className="size-4" aria-hidden="true" />
              Profile
            </DropdownMenu.Item>
            <DropdownMenu.Item
              onSelect={() => setConfirmOpen(true)}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 text-sm font-medium text-red-700 data-[highlighted]:bg-red-50"
            >
              <LogOut className="size-4" aria-hidden="true" />
              Logout
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Logout"
        message={STUDENT_MESSAGES.logoutConfirm}
        confirmLabel="Logout"
        destructive
        returnFocusRef={triggerRef}
        onConfirm={() => {
          setConfirmOpen(false);
          onLogout();
        }}
      />
    </>
  );
}
