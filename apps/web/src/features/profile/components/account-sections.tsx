import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ACCOUNT_MESSAGES, initialsOf, type PrivacySettings } from '@quizcast/contract/schemas/account';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import type { ParticipantUser } from '@quizcast/contract/schemas/student';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { InlineStatus, useInlineStatus } from '../../../components/ui/inline-status';
import { TextField } from '../../../components/ui/text-field';
import { useT } from '../../../i18n/use-t';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { deleteAccount, logoutAllDevices, useSavePrivacy } from '../api/account';
import { profileCatalog } from '../messages/catalog';

const card = 'mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6';

/** A labelled checkbox with a hint (the profile's switches). */
export function Toggle({
  id,
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <div className="flex items-start gap-3 py-2">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-6 shrink-0 accent-brand-700"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.checked)}
      />
      <div>
        <label htmlFor={id} className="text-base font-medium text-slate-900">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** Privacy (issue 15 item 17): initials only on leaderboards/podium; photo on the public podium. */
export function PrivacySection({ user }: { user: ParticipantUser }) {
  const t = useT(profileCatalog);
  const { saveUser } = useAuth();
  const save = useSavePrivacy();
  // The box follows the tap at once; a failed save puts it back.
  const [pending, setPending] = useState<PrivacySettings | null>(null);
  const initialsOnly = pending?.initialsOnly ?? user.initialsOnly ?? false;
  const publicPhoto = pending?.publicPhoto ?? user.publicPhoto ?? false;
  const status = useInlineStatus();
  const change = (next: PrivacySettings) => {
    setPending(next);
    status.clear();
    save.mutate(next, {
      onSuccess: (saved) => {
        saveUser(saved);
        status.say(t('profile.privacy.saved'));
      },
      onError: (err) => status.say(errorMessage(err, t('profile.privacy.saveFailed')), 'error'),
      onSettled: () => setPending(null),
    });
  };
  return (
    <section aria-labelledby="privacy-heading" className={card}>
      <h2 id="privacy-heading" className="text-lg font-bold text-slate-900">
        {t('profile.privacy.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('profile.privacy.explain')}</p>
      <div className="mt-3">
        <Toggle
          id="privacy-initials-only"
          label={t('profile.privacy.initialsOnly')}
          hint={t('profile.privacy.initialsOnlyHint', { initials: initialsOf(user.name) })}
          checked={initialsOnly}
          disabled={save.isPending}
          onChange={(checked) => change({ initialsOnly: checked, publicPhoto })}
        />
        <Toggle
          id="privacy-public-photo"
          label={t('profile.privacy.publicPhoto')}
          hint={t('profile.privacy.publicPhotoHint')}
          checked={publicPhoto}
          disabled={save.isPending}
          onChange={(checked) => change({ initialsOnly, publicPhoto: checked })}
        />
        <InlineStatus status={status.status} />
      </div>
    </section>
  );
}

/** "Log out of all devices": the server ends every session; this device then signs out too. */
export function SessionsSection() {
  const t = useT(profileCatalog);
  const { removeUser } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await logoutAllDevices();
      setOpen(false);
      navigate(WEB_ROUTES.login, { replace: true });
      removeUser();
      queryClient.clear();
    } catch (err) {
      toast.error(errorMessage(err, t('profile.sessions.failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="sessions-heading" className={card}>
      <h2 id="sessions-heading" className="text-lg font-bold text-slate-900">
        {t('profile.sessions.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('profile.sessions.explain')}</p>
      <Button variant="secondary" className="mt-4" onClick={() => setOpen(true)}>
        {t('profile.sessions.logoutAll')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('profile.sessions.confirmTitle')}
        message={t('profile.sessions.confirmMessage')}
        confirmLabel={t('profile.sessions.logoutAll')}
        loading={busy}
        onConfirm={() => void confirm()}
      />
    </section>
  );
}

/** "Delete account": typing DELETE confirms; afterwards a plain confirmation page, signed out. */
export function DeleteAccountSection() {
  const t = useT(profileCatalog);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const confirmed = typed.trim() === ACCOUNT_MESSAGES.deleteConfirmWord;
  const submit = async () => {
    if (!confirmed) return;
    setBusy(true);
    setProblem(undefined);
    try {
      await deleteAccount();
      // The confirmation page (outside the signed-in area) forgets the user on this device.
      await import('./account-deleted-page');
      navigate(WEB_ROUTES.accountDeleted, { replace: true });
    } catch (err) {
      setProblem(errorMessage(err, t('profile.delete.failed')));
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="delete-heading" className={`${card} ring-red-200`}>
      <h2 id="delete-heading" className="text-lg font-bold text-red-800">
        {t('profile.delete.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('profile.delete.explain')}</p>
      <Button variant="danger" className="mt-4" onClick={() => setOpen(true)}>
        {t('profile.delete.button')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setTyped('');
        }}
        title={t('profile.delete.confirmTitle')}
        description={t('profile.delete.confirmMessage')}
      >
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          noValidate
        >
          <TextField
            label={t('profile.delete.confirmLabel')}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            error={problem}
          />
          <Button type="submit" variant="danger" disabled={!confirmed} loading={busy}>
            {t('profile.delete.confirmButton')}
          </Button>
        </form>
      </Dialog>
    </section>
  );
}
