import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, apiUrl } from '@quizcast/contract/routes';
import {
  adminStudentDetailSchema,
  adminStudentListResponseSchema,
} from '@quizcast/contract/schemas/student-directory';
import { apiRequest } from '../../../lib/api-client';
import type { PageParams } from '../../../lib/paging';

export async function fetchStudents(params: PageParams, signal?: AbortSignal) {
  const { data } = await apiRequest(apiUrl(API_PATHS.studentsAdminGetAll), {
    query: { page: params.page, limit: params.limit, searchTerm: params.searchTerm },
    schema: adminStudentListResponseSchema,
    signal,
  });
  return data;
}

export const studentsQueryOptions = (params: PageParams) =>
  queryOptions({
    queryKey: ['admin', 'students', params],
    queryFn: ({ signal }) => fetchStudents(params, signal),
    placeholderData: keepPreviousData,
  });

export const useStudents = (params: PageParams) => useQuery(studentsQueryOptions(params));

export async function fetchStudent(id: string, signal?: AbortSignal) {
  const { data } = await apiRequest(apiUrl(API_PATHS.studentsAdminGetOne, { id }), {
    schema: adminStudentDetailSchema,
    signal,
  });
  return data;
}

export const studentQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['admin', 'student', id], queryFn: ({ signal }) => fetchStudent(id, signal) });

export const useStudent = (id: string) => useQuery(studentQueryOptions(id));
