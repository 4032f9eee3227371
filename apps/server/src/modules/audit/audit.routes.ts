import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@quizcast/contract/errors';
import { API_PATHS } from '@quizcast/contract/routes';
import { auditLogQuerySchema, auditLogResponseSchema } from '@quizcast/contract/schemas/account';
import { AuditService } from './audit.service';

/** GET /admin/audit-log: admins read who did what, newest first. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const audit = new AuditService(app.ctx.db, app.ctx.clock);
  app.get(
    API_PATHS.adminAuditLog,
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'The admin audit log (quiz create/edit/delete, key corrections, promotions), newest first',
        security: [{ bearerAuth: [] }],
        querystring: auditLogQuerySchema,
        response: {
          200: auditLogResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request) => audit.list(request.query.page, request.query.limit),
  );
};
