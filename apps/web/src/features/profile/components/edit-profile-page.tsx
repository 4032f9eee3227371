import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { EDUCATION_LEVELS, TOAST } from '@quizcast/contract/constants';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import {
  profileFormSchema,
  STUDENT_MESSAGES,
  type ProfileFormInput,
} from '@quizcast/contract/schemas/student';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { PhotoPicker } from '../../../components/ui/photo-picker';
import { announceOn } from '../../../components/ui/screen-notice';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { educationLevelLabel } from '../../../i18n/education-level';
import { commonCatalog } from '../../../i18n/messages/catalog';
import { useServerMessage, useT } from '../../../i18n/use-t';
import { useAuth } from '../../../lib/auth';
import { profileCatalog } from '../messages/catalog';
import { useUpdateProfile } from '../api/update-profile';

/**
 * Edit profile (spec sections 2, 4, 5): photo, name, place, education level, institution; errors only after a
 * field was touched; Update Profile saves and returns to the profile, Cancel returns without saving.
 */
export function EditProfilePage() {
  const { user, saveUser } = useAuth();
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoRemoved, setPhotoRemoved] = useState(false);
  const t = useT(profileCatalog);
  const tCommon = useT(commonCatalog);
  const m = useServerMessage();

  const form = useForm<ProfileFormInput>({
    resolver: zodResolver(profileFormSchema),
    mode: 'onTouched',
    defaultValues: {
      name: user?.name ?? '',
      place: user?.place ?? '',
      class: (user?.class ?? '') as ProfileFormInput['class'],
      school: user?.school ?? '',
    },
  });
  const { errors } = form.formState;

  if (!user)
    return (
      <ErrorState title={m(STUDENT_MESSAGES.profileLoadFailed)} message={t('profile.edit.loginAgain')} />
    );

  const save = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({
        ...profileFormSchema.parse(values),
        profilePicture: photo,
        removeProfilePicture: photoRemoved,
      });
      saveUser(saved);
      announceOn(WEB_ROUTES.profile, m(STUDENT_MESSAGES.profileUpdated));
      navigate(WEB_ROUTES.profile);
    } catch (err) {
      toast.error(errorMessage(err, m(STUDENT_MESSAGES.profileUpdateFailed)), {
        position: TOAST.flowPosition,
      });
    }
  });

  return (
    <section aria-labelledby="edit-profile-heading" className="mx-auto max-w-2xl">
      <h1 id="edit-profile-heading" className="text-2xl font-bold text-slate-900">
        {t('profile.edit.title')}
      </h1>
      <form
        noValidate
        onSubmit={save}
        className="mt-6 space-y-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      >
        <PhotoPicker
          file={photo}
          currentUrl={photoRemoved ? null : user.profilePicUrl}
          onChange={(file) => {
            setPhoto(file);
            if (!file) setPhotoRemoved(true);
          }}
        />
        <TextField
          label={t('profile.field.name')}
          autoComplete="name"
          error={m(errors.name?.message)}
          {...form.register('name')}
        />
        <TextField
          label={t('profile.field.place')}
          autoComplete="address-level2"
          error={m(errors.place?.message)}
          {...form.register('place')}
        />
        <SelectField
          label={t('profile.field.education')}
          options={EDUCATION_LEVELS}
          optionLabel={(level) => educationLevelLabel(level, tCommon)}
          placeholder={t('profile.field.educationPlaceholder')}
          error={m(errors.class?.message)}
          {...form.register('class')}
        />
        <TextField
          label={t('profile.field.institution')}
          autoComplete="organization"
          error={m(errors.school?.message)}
          {...form.register('school')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            onClick={() => navigate(WEB_ROUTES.profile)}
            disabled={update.isPending}
          >
            {t('profile.edit.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('profile.edit.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
