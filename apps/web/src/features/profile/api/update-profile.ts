import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import { userEnvelopeSchema, type ProfileFields } from '@quizcast/contract/schemas/student';
import { apiRequest } from '../../../lib/api-client';
import { meQueryOptions } from './get-me';

export interface UpdateProfileInput extends ProfileFields {
  /** A new photo to replace the current one. */
  profilePicture?: File | null;
  /** Remove the current photo (ignored when a new one is given). */
  removeProfilePicture?: boolean;
}

/** PUT /students/update-profile as multipart (spec section 7) → the saved user. */
export async function updateProfile(input: UpdateProfileInput) {
  const form = new FormData();
  form.append('name', input.name);
  form.append('place', input.place);
  form.append('school', input.school ?? '');
  form.append('class', input.class);
  if (input.profilePicture) form.append('profilePicture', input.profilePicture);
  else if (input.removeProfilePicture) form.append('removeProfilePicture', 'true');
  const res = await apiRequest(apiUrl(API_PATHS.updateProfile), {
    method: 'PUT',
    body: form,
    schema: userEnvelopeSchema,
  });
  return res.data.data;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(meQueryOptions().queryKey, user),
  });
}
