import type { Language } from '@quizcast/contract/i18n/languages';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import { userEnvelopeSchema, type ParticipantUser } from '@quizcast/contract/schemas/student';
import { apiRequest } from '../lib/api-client';

/** PUT /students/preferred-language: keep the choice in the profile. Loaded on demand (it brings zod). */
export async function savePreferredLanguage(language: Language): Promise<ParticipantUser> {
  const { data } = await apiRequest(apiUrl(API_PATHS.preferredLanguage), {
    method: 'PUT',
    body: { preferredLanguage: language },
    schema: userEnvelopeSchema,
  });
  return data.data;
}
