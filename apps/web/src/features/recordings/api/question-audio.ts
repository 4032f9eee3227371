import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import {
  QUESTION_AUDIO_FIELD,
  questionAudioRemovedSchema,
  questionAudioResponseSchema,
} from '@quizcast/contract/schemas/question-audio';
import { apiRequest } from '../../../lib/api-client';
import { adminQuizKey } from '../../../lib/admin-query-keys';

interface Target {
  quizId: string;
  questionId: string;
}

/** Attach (or replace) a question's recording; the server checks the file by its content. */
export function useAttachQuestionAudio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ quizId, questionId, file }: Target & { file: File }) => {
      const form = new FormData();
      form.append(QUESTION_AUDIO_FIELD, file, file.name);
      const { data } = await apiRequest(apiUrl(API_PATHS.questionAudio, { quizId, questionId }), {
        method: 'POST',
        body: form,
        schema: questionAudioResponseSchema,
      });
      return data;
    },
    onSuccess: (_data, { quizId }) => queryClient.invalidateQueries({ queryKey: adminQuizKey(quizId) }),
  });
}

export function useRemoveQuestionAudio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ quizId, questionId }: Target) => {
      const { data } = await apiRequest(apiUrl(API_PATHS.questionAudio, { quizId, questionId }), {
        method: 'DELETE',
        schema: questionAudioRemovedSchema,
      });
      return data;
    },
    onSuccess: (_data, { quizId }) => queryClient.invalidateQueries({ queryKey: adminQuizKey(quizId) }),
  });
}
