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
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
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

  if (!user) return <ErrorState title={STUDENT_MESSAGES.profileLoadFailed} message="Please log in again." />;

  const save = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({
        ...profileFormSchema.parse(values),
        profilePicture: photo,
        removeProfilePicture: photoRemoved,
      });
      saveUser(saved);
      toast.success(STUDENT_MESSAGES.profileUpdated, { position: TOAST.flowPosition });
      navigate(WEB_ROUTES.profile);
    } catch (err) {
      toast.error(errorMessage(err, STUDENT_MESSAGES.profileUpdateFailed), { position: TOAST.flowPosition });
    }
  });

  return (
    <section aria-labelledby="edit-profile-heading" className="mx-auto max-w-2xl">
      <h1 id="edit-profile-heading" className="text-2xl font-bold text-slate-900">
        Edit Profile
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
        <TextField label="Name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
        <TextField
          label="Place"
          autoComplete="address-level2"
          error={errors.place?.message}
          {...form.register('place')}
        />
        <SelectField
          label="Education Level"
          options={EDUCATION_LEVELS}
          placeholder="Select education level"
          error={errors.class?.message}
          {...form.register('class')}
        />
        <TextField
          label="Institution"
          autoComplete="organization"
          error={errors.school?.message}
          {...form.register('school')}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            onClick={() => navigate(WEB_ROUTES.profile)}
            disabled={update.isPending}
          >
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Update Profile
          </Button>
        </div>
      </form>
    </section>
  );
}
