import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import { auditLogResponseSchema } from '@quizcast/contract/schemas/account';
import { apiRequest } from '../../../lib/api-client';

export const AUDIT_PAGE_SIZE = 25;

/** GET /admin/audit-log?page&limit → entries newest first, with the total. */
export async function getAuditLog(page: number) {
  const res = await apiRequest(apiUrl(API_PATHS.adminAuditLog), {
    query: { page, limit: AUDIT_PAGE_SIZE },
    schema: auditLogResponseSchema,
  });
  return res.data;
}

export function auditLogQueryOptions(page: number) {
  return queryOptions({ queryKey: ['admin', 'audit-log', page], queryFn: () => getAuditLog(page) });
}

export function useAuditLog(page: number) {
  return useQuery({ ...auditLogQueryOptions(page), placeholderData: keepPreviousData });
}
