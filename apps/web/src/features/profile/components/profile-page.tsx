import { Pencil } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { STUDENT_MESSAGES } from '@quizcast/contract/messages/student';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { Avatar } from '../../../components/ui/avatar';
import { ButtonLink } from '../../../components/ui/button-link';
import { ErrorState } from '../../../components/ui/error-state';
import { educationLevelLabel } from '../../../i18n/education-level';
import { commonCatalog } from '../../../i18n/messages/catalog';
import { useServerMessage, useT } from '../../../i18n/use-t';
import { useAuth } from '../../../lib/auth';
import { profileCatalog } from '../messages/catalog';
import { useMe } from '../api/get-me';
import { DeleteAccountSection, PrivacySection, SessionsSection } from './account-sections';
import { CompensatoryTimeSection } from './compensatory-time-section';

function Detail({ label, value }: { label: string; value?: string | null }) {
  const m = useServerMessage();
  return (
    <div className="border-b border-slate-100 py-3 last:border-b-0 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd
        className={`mt-0.5 text-base sm:col-span-2 sm:mt-0 ${value ? 'text-slate-900' : 'text-slate-600 italic'}`}
      >
        {value || m(STUDENT_MESSAGES.notProvided)}
      </dd>
    </div>
  );
}

/**
 * Profile (spec section 2): picture or icon, name, phone, email, place, education level, institution
 * ("Not provided" when empty), Edit Profile. Shows the stored user at once and refreshes it from the server.
 */
export function ProfilePage({ extra }: { extra?: ReactNode } = {}) {
  const { user, saveUser } = useAuth();
  const me = useMe(Boolean(user));
  const t = useT(profileCatalog);
  const tCommon = useT(commonCatalog);
  const m = useServerMessage();

  useEffect(() => {
    if (me.data && user && JSON.stringify(me.data) !== JSON.stringify(user)) saveUser(me.data);
  }, [me.data, user, saveUser]);

  const shown = me.data ?? user;
  if (!shown) {
    return (
      <ErrorState title={m(STUDENT_MESSAGES.profileLoadFailed)} message={t('profile.page.loginAgain')} />
    );
  }

  return (
    <section aria-labelledby="profile-heading" className="mx-auto max-w-2xl">
      <div className="flex items-center justify-between gap-3">
        <h1 id="profile-heading" className="text-2xl font-bold text-slate-900">
          {t('profile.page.title')}
        </h1>
        <ButtonLink to={WEB_ROUTES.editProfile}>
          <Pencil className="size-4" aria-hidden="true" />
          {t('profile.page.edit')}
        </ButtonLink>
      </div>
      <div className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <div className="flex items-center gap-4">
          <Avatar src={shown.profilePicUrl} alt={t('profile.page.photo', { name: shown.name })} size="lg" />
          <div className="min-w-0">
            <p className="truncate text-xl font-bold text-slate-900" data-testid="profile-name">
              {shown.name}
            </p>
            <p className="text-sm text-slate-600">+91 {shown.phNo}</p>
          </div>
        </div>
        <dl className="mt-6">
          <Detail label={t('profile.field.name')} value={shown.name} />
          <Detail label={t('profile.field.phone')} value={shown.phNo} />
          <Detail label={t('profile.field.email')} value={shown.email} />
          <Detail label={t('profile.field.place')} value={shown.place} />
          <Detail
            label={t('profile.field.education')}
            value={shown.class && educationLevelLabel(shown.class, tCommon)}
          />
          <Detail label={t('profile.field.institution')} value={shown.school} />
        </dl>
      </div>
      {extra}
      <PrivacySection user={shown} />
      <CompensatoryTimeSection user={shown} />
      <SessionsSection />
      <DeleteAccountSection />
    </section>
  );
}
