import { useMutation } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import { authResponseSchema } from '@quizcast/contract/schemas/auth';
import { apiRequest } from '../../../lib/api-client';

export interface SignupInput {
  phNo: string;
  name: string;
  place: string;
  school?: string | null;
  class: string;
  otp: string;
  profilePicture?: File | null;
}

/** POST /students/signup as multipart (spec section 7); profilePicture only if one was chosen. */
export async function signup(input: SignupInput) {
  const form = new FormData();
  form.append('phNo', input.phNo);
  form.append('name', input.name);
  form.append('place', input.place);
  form.append('school', input.school ?? '');
  form.append('class', input.class);
  form.append('otp', input.otp);
  if (input.profilePicture) form.append('profilePicture', input.profilePicture);
  const res = await apiRequest(apiUrl(API_PATHS.signup), {
    method: 'POST',
    body: form,
    schema: authResponseSchema,
  });
  return res.data;
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
