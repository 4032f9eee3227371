import { useMutation } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import { importPreviewResponseSchema } from '@quizcast/contract/schemas/question-import';
import { apiRequest } from '../../../lib/api-client';

/** Sends a CSV or Aiken file to be checked; the server answers with its questions or every bad line. */
export async function previewImport(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  const { data } = await apiRequest(apiUrl(API_PATHS.quizImportPreview), {
    method: 'POST',
    body: form,
    schema: importPreviewResponseSchema,
  });
  return data;
}

export const usePreviewImport = () => useMutation({ mutationFn: previewImport });
