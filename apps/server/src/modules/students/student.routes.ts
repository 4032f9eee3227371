import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@quizcast/contract/errors';
import { API_PATHS } from '@quizcast/contract/routes';
import { AUTH_MESSAGES, messageResponseSchema } from '@quizcast/contract/schemas/auth';
import {
  preferredLanguageBodySchema,
  updateProfileFieldsSchema,
  userEnvelopeSchema,
} from '@quizcast/contract/schemas/student';
import {
  ACCOUNT_MESSAGES,
  compensatoryTimeBodySchema,
  deleteAccountBodySchema,
  privacySettingsSchema,
} from '@quizcast/contract/schemas/account';
import { currentSessionId, currentUser } from '../../plugins/auth';
import { toParticipantUser } from './participant-user';
import { readProfileForm } from './profile-form';
import { StudentService } from './student.service';

const secured = [{ bearerAuth: [] }];

/** The signed-in student's own account (the admin's student list: student-directory.routes.ts). */
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
    async (request) => ({ data: toParticipantUser(currentUser(request), app.ctx.avatarUrls) }),
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
      await app.userCache.invalidate(updated.id);
      return { data: toParticipantUser(updated, app.ctx.avatarUrls) };
    },
  );

  app.put(
    API_PATHS.preferredLanguage,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['students'],
        summary: 'Keep the language the user chose ("en" or "hi") in their profile',
        security: secured,
        body: preferredLanguageBodySchema,
        response: { 200: userEnvelopeSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const updated = await students.setPreferredLanguage(
        currentUser(request),
        request.body.preferredLanguage,
      );
      await app.sessions.userChanged(updated.id);
      return { data: toParticipantUser(updated, app.ctx.avatarUrls) };
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
      await app.sessions.revokeAll(currentUser(request).id);
      return { message: AUTH_MESSAGES.loggedOutEverywhere };
    },
  );

  app.post(
    API_PATHS.logout,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['students'],
        summary: 'End this session (the token stops working at once)',
        security: secured,
        response: { 200: messageResponseSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      await app.sessions.revoke(currentSessionId(request));
      return { message: ACCOUNT_MESSAGES.loggedOut };
    },
  );

  app.put(
    API_PATHS.privacy,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['students'],
        summary: 'Privacy: initials only on leaderboards; photo on the public podium',
        security: secured,
        body: privacySettingsSchema,
        response: { 200: userEnvelopeSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const updated = await students.setPrivacy(currentUser(request), request.body);
      await app.sessions.userChanged(updated.id);
      return { data: toParticipantUser(updated, app.ctx.avatarUrls) };
    },
  );

  app.put(
    API_PATHS.compensatoryTime,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['students'],
        summary:
          'Rehearse with compensatory time: 20 minutes per hour more in every quiz started from now on',
        security: secured,
        body: compensatoryTimeBodySchema,
        response: { 200: userEnvelopeSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const updated = await students.setCompensatoryTime(currentUser(request), request.body.compensatoryTime);
      await app.sessions.userChanged(updated.id);
      return { data: toParticipantUser(updated, app.ctx.avatarUrls) };
    },
  );

  app.post(
    API_PATHS.deleteAccount,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['students'],
        summary: 'Delete the account: personal data erased, attempts kept anonymised (ranks stay true)',
        security: secured,
        body: deleteAccountBodySchema,
        response: { 200: messageResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      await students.deleteAccount(currentUser(request));
      await app.sessions.userChanged(currentUser(request).id);
      return { message: ACCOUNT_MESSAGES.accountDeleted };
    },
  );
};
