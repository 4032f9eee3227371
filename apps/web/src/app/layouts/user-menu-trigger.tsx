import { ChevronDown } from 'lucide-react';
import type { ParticipantUser } from '@quizcast/contract/schemas/student';
import { Avatar } from '../../components/ui/avatar';

export const USER_MENU_TRIGGER_CLASS =
  'flex min-h-11 shrink-0 items-center gap-2 rounded-full p-1 pr-2 text-slate-700 hover:bg-slate-100 active:bg-slate-200 data-[state=open]:bg-slate-100';

/** What the user menu's button shows: the same before and after the menu's code arrives (no shift). */
export function UserMenuTriggerFace({ user, name }: { user: ParticipantUser | null; name: string }) {
  return (
    <>
      <Avatar src={user?.profilePicUrl} alt="" />
      <span className="hidden max-w-40 truncate text-sm font-semibold sm:inline">{name}</span>
      <ChevronDown className="size-4" aria-hidden="true" />
    </>
  );
}
