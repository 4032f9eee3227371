import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@quizcast/contract/errors';
import { API_PATHS } from '@quizcast/contract/routes';
import { AUTH_MESSAGES, messageResponseSchema } from '@quizcast/contract/schemas/auth';
import {
  studentIdParamsSchema,
  studentListQuerySchema,
  studentListResponseSchema,
  updateProfileFieldsSchema,
  userEnvelopeSchema,
} from '@quizcast/contract/schemas/student';
import { currentUser } from '../../plugins/auth';
import { toParticipantUser } from './participant-user';
import { readProfileForm } from './profile-form';
import { StudentService } from './student.service';

const secured = [{ bearerAuth: [] }];

/** The signed-in student's own account, and the admin's student list. */
export const studentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, clock } = app.ctx;
  const students = new StudentService(db, storage, clock, app.log);

  app.get(
    API_PATHS.me,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['students'],
        summary: 'The signed-in user',
        security: secured,
        response: { 200: userEnvelopeSchema, 401: errorBodySchema },
      },
    },
    async (request) => ({ data: toParticipantUser(currentUser(request)) }),
  );

  app.put(
    API_PATHS.updateProfile,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['students'],
        summary:
          'Update the profile (multipart: name, place, school, class, optional profilePicture, removeProfilePicture=true)',
        security: secured,
        consumes: ['multipart/form-data', 'application/json'],
        response: {
          200: userEnvelopeSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          413: errorBodySchema,
        },
      },
    },
    async (request) => {
      const form = await readProfileForm(request, updateProfileFieldsSchema);
      const updated = await students.updateProfile(currentUser(request), form.fields, form.photo);
      return { data: toParticipantUser(updated) };
    },
  );

  app.post(
    API_PATHS.logoutAll,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['students'],
        summary: 'End every session of this user (every token issued so far stops working)',
        security: secured,
        response: { 200: messageResponseSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      await students.logoutEverywhere(currentUser(request));
      return { message: AUTH_MESSAGES.loggedOutEverywhere };
    },
  );

  app.get(
    API_PATHS.studentsAdminGetAll,
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['students', 'admin'],
        summary: 'All students, paged (admins only)',
        security: secured,
        querystring: studentListQuerySchema,
        response: {
          200: studentListResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request) => students.list(request.query),
  );

  app.get(
    API_PATHS.studentsAdminGetOne,
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['students', 'admin'],
        summary: 'One student (admins only)',
        security: secured,
        params: studentIdParamsSchema,
        response: {
          200: userEnvelopeSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => ({ data: toParticipantUser(await students.getOne(request.params.id)) }),
  );
};
