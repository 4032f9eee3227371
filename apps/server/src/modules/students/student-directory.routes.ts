import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@quizcast/contract/errors';
import { API_PATHS } from '@quizcast/contract/routes';
import { adminPageQuerySchema } from '@quizcast/contract/schemas/admin-page';
import {
  adminStudentDetailSchema,
  adminStudentListResponseSchema,
} from '@quizcast/contract/schemas/student-directory';
import { studentIdParamSchema } from '@quizcast/contract/schemas/ids';
import { StudentDirectoryRepository } from './student-directory.repository';
import { StudentDirectoryService } from './student-directory.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const security = [{ bearerAuth: [] }];

/**
 * The student directory (issue 7), admins only: every student with search and paging, and one
 * with profile, attempts and payments. 401 without a valid token, 403 for a participant; a path id
 * that is not a UUID answers 404 "Student not found".
 */
export const studentDirectoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new StudentDirectoryService(
    new StudentDirectoryRepository(app.ctx.db, app.ctx.config.PLAUSIBLE_SECONDS_PER_ANSWER * 1000),
    app.ctx.avatarUrls,
  );
  const admin = { preHandler: app.requireAdmin };

  app.get(
    API_PATHS.studentsAdminGetAll,
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'All students with search and paging',
        security,
        querystring: adminPageQuerySchema,
        response: { 200: adminStudentListResponseSchema, ...errors },
      },
    },
    async (request) => service.listStudents(request.query),
  );

  app.get(
    API_PATHS.studentsAdminGetOne,
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'One student with profile, attempts and payments',
        security,
        params: studentIdParamSchema,
        response: { 200: adminStudentDetailSchema, ...errors },
      },
    },
    async (request) => service.getStudent(request.params.id),
  );
};
