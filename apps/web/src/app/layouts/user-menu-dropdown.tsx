import { Check, Languages, LogOut, UserRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '@quizcast/contract/i18n/languages';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { STUDENT_MESSAGES } from '@quizcast/contract/messages/student';
import type { ParticipantUser } from '@quizcast/contract/schemas/student';
import { Avatar } from '../../components/ui/avatar';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useChooseLanguage } from '../../i18n/language-switch';
import { commonCatalog } from '../../i18n/messages/catalog';
import { useServerMessage, useT } from '../../i18n/use-t';
import { appCatalog } from '../messages/catalog';
import { USER_MENU_TRIGGER_CLASS, UserMenuTriggerFace } from './user-menu-trigger';

/**
 * The top bar's user menu (spec section 2): opens and closes on click, offers Profile and Logout;
 * Logout asks "Are you sure want to logout?" and only a confirm signs out.
 */
export function UserMenuDropdown({
  user,
  onLogout,
  defaultOpen = false,
}: {
  user: ParticipantUser | null;
  onLogout(): void;
  /** Open at once: the learner tapped the menu while this code was loading. */
  defaultOpen?: boolean;
}) {
  const navigate = useNavigate();
  const [confirmOpen, setConfirmOpen] = useState(false);
  // The Logout item is gone once its menu closes: the confirm gives focus back to the menu button.
  const triggerRef = useRef<HTMLButtonElement>(null);
  const t = useT(appCatalog);
  const tCommon = useT(commonCatalog);
  const m = useServerMessage();
  const { language, choose } = useChooseLanguage();
  const name = user?.name ?? m(STUDENT_MESSAGES.guestName);
  const secondary = user ? (user.email ?? `+91 ${user.phNo}`) : STUDENT_MESSAGES.guestEmail;

  return (
    <>
      <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
        <DropdownMenu.Trigger
          ref={triggerRef}
          className={USER_MENU_TRIGGER_CLASS}
          aria-label={t('app.userMenu.label', { name })}
        >
          <UserMenuTriggerFace user={user} name={name} />
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
                <p className="truncate text-sm text-slate-600">{secondary}</p>
              </div>
            </div>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Item
              onSelect={() => navigate(WEB_ROUTES.profile)}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 text-sm font-medium text-slate-800 data-[highlighted]:bg-slate-100"
            >
              <UserRound className="size-4" aria-hidden="true" />
              {t('app.userMenu.profile')}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              onSelect={() => setConfirmOpen(true)}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 text-sm font-medium text-red-700 data-[highlighted]:bg-red-50"
            >
              <LogOut className="size-4" aria-hidden="true" />
              {t('app.userMenu.logout')}
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Label className="flex items-center gap-2 px-3 pt-1 text-xs font-semibold text-slate-600">
              <Languages className="size-4" aria-hidden="true" />
              {tCommon('common.language')}
            </DropdownMenu.Label>
            {/* "English / हिन्दी": each name in its own language, the one on screen checked. */}
            <DropdownMenu.RadioGroup
              value={language}
              onValueChange={(next) => isLanguage(next) && void choose(next)}
              className="grid grid-cols-2 gap-1"
            >
              {LANGUAGES.map((option) => (
                <DropdownMenu.RadioItem
                  key={option}
                  value={option}
                  lang={option}
                  className="flex min-h-11 cursor-pointer items-center justify-center gap-1.5 rounded-xl px-3 text-sm font-semibold text-slate-800 data-[highlighted]:bg-slate-100 data-[state=checked]:bg-brand-100 data-[state=checked]:text-brand-900"
                >
                  <DropdownMenu.ItemIndicator>
                    <Check className="size-4" aria-hidden="true" />
                  </DropdownMenu.ItemIndicator>
                  {LANGUAGE_NAMES[option]}
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={t('app.userMenu.logout')}
        message={m(STUDENT_MESSAGES.logoutConfirm)}
        confirmLabel={t('app.userMenu.logout')}
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
