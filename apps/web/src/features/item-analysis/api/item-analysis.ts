import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  analyticsPath,
  itemAnalysisResponseSchema,
  keyCorrectionResponseSchema,
  type KeyCorrectionBody,
} from '@quizcast/contract/schemas/analytics';
import { adminQuizKey } from '../../../lib/admin-query-keys';
import { apiRequest } from '../../../lib/api-client';
import { downloadCsv } from '../../../lib/download-csv';

export const itemAnalysisQueryOptions = (quizId: string) =>
  queryOptions({
    queryKey: [...adminQuizKey(quizId), 'item-analysis'],
    queryFn: async ({ signal }) =>
      (await apiRequest(analyticsPath.adminItems(quizId), { schema: itemAnalysisResponseSchema, signal }))
        .data,
  });

export const useItemAnalysis = (quizId: string, enabled: boolean) =>
  useQuery({ ...itemAnalysisQueryOptions(quizId), enabled });

/** Corrects a key (or drops a question); everything about the quiz is refetched afterwards. */
export function useCorrectKey(quizId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: KeyCorrectionBody) =>
      (
        await apiRequest(analyticsPath.adminKeyCorrections(quizId), {
          method: 'POST',
          body,
          schema: keyCorrectionResponseSchema,
        })
      ).data,
    onSuccess: () => client.invalidateQueries({ queryKey: adminQuizKey(quizId) }),
  });
}

/** The item analysis CSV, fetched with the Bearer token and handed to the browser as a file. */
export async function downloadItemAnalysisCsv(quizId: string): Promise<void> {
  await downloadCsv(`/api${analyticsPath.adminItemsCsv(quizId)}`, 'item-analysis.csv');
}
