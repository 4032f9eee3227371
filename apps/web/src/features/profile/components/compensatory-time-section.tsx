import { useState } from 'react';
import type { ParticipantUser } from '@quizcast/contract/schemas/student';
import { InlineStatus, useInlineStatus } from '../../../components/ui/inline-status';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useSaveCompensatoryTime } from '../api/account';
import { profileCatalog } from '../messages/catalog';
import { Toggle } from './account-sections';

const card = 'mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6';

/** Compensatory time (issue 26, ADR 023): rehearse with 20 minutes per hour more in every quiz. */
export function CompensatoryTimeSection({ user }: { user: ParticipantUser }) {
  const t = useT(profileCatalog);
  const { saveUser } = useAuth();
  const save = useSaveCompensatoryTime();
  // The box follows the tap at once; a failed save puts it back.
  const [pending, setPending] = useState<boolean | null>(null);
  const checked = pending ?? user.compensatoryTime ?? false;
  const status = useInlineStatus();
  const change = (next: boolean) => {
    setPending(next);
    status.clear();
    save.mutate(next, {
      onSuccess: (saved) => {
        saveUser(saved);
        status.say(t('profile.compensatory.saved'));
      },
      onError: (err) => status.say(errorMessage(err, t('profile.compensatory.saveFailed')), 'error'),
      onSettled: () => setPending(null),
    });
  };
  return (
    <section aria-labelledby="compensatory-heading" className={card}>
      <h2 id="compensatory-heading" className="text-lg font-bold text-slate-900">
        {t('profile.compensatory.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('profile.compensatory.explain')}</p>
      <div className="mt-3">
        <Toggle
          id="compensatory-time"
          label={t('profile.compensatory.toggle')}
          hint={t('profile.compensatory.hint')}
          checked={checked}
          disabled={save.isPending}
          onChange={change}
        />
        <InlineStatus status={status.status} />
      </div>
    </section>
  );
}
