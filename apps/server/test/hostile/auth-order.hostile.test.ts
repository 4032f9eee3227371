import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudent } from '../../src/seed/factories';
import { bearerFor, buildTestApp, type TestApp } from '../helpers';
import { reportFigure } from './support';

/**
 * Authorise before validating (issue 29 item 5). A learner's invalid body to an admin route got that
 * route's validation messages (400) before the admin check (403): a caller without the right could
 * read what a route accepts. Every route the app registers is walked (as declared, before the auth
 * plugin moves its guard): each request without a token, with a malformed id, a broken query and a
 * body that is not even JSON (or JSON the schema refuses), must hear 401; an admin route with a
 * learner's token 403.
 */

interface DeclaredRoute {
  method: string;
  url: string;
  guard: 'authenticate' | 'requireAdmin';
}

const declared: RouteOptions[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ onRoute: (route) => declared.push(route) });
});
afterAll(async () => {
  await t.close();
});

/** The guarded routes, one per method (HEAD copies aside), with the guard each route declared. */
function guardedRoutes(): DeclaredRoute[] {
  const routes: DeclaredRoute[] = [];
  for (const route of declared) {
    const hooks = [route.preHandler ?? [], route.onRequest ?? []].flat();
    const guard = hooks.includes(t.app.requireAdmin)
      ? 'requireAdmin'
      : hooks.includes(t.app.authenticate)
        ? 'authenticate'
        : undefined;
    if (!guard) continue;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, guard });
    }
  }
  return routes;
}

/** The route's path with every parameter malformed, and a query no schema accepts. */
const hostileUrl = (url: string) =>
  `${url.replace(/:[A-Za-z]+/g, 'not-an-id%27').replace('*', '..%2f')}?page=-1&limit=lots&sort=%00`;

/** A body that is not JSON, and one that is JSON but no route's schema. */
const hostileBodies = ['{"name": ', JSON.stringify({ name: 42, questions: 'many', amount: -1 })];

describe('every route authorises before it validates', () => {
  it('answers 401 without a token and 403 to a learner at an admin route, before any 400', async () => {
    const routes = guardedRoutes();
    const admin = routes.filter((r) => r.guard === 'requireAdmin');
    // The walk found the app's routes (a registration change that hid them would pass vacuously).
    expect(routes.length).toBeGreaterThan(30);
    expect(admin.length).toBeGreaterThan(10);

    const learner = await bearerFor(await createStudent(t.db), t.clock);
    const wrong: string[] = [];
    let requests = 0;
    for (const route of routes) {
      const hasBody = !['GET', 'DELETE'].includes(route.method);
      for (const payload of hasBody ? hostileBodies : [undefined]) {
        const send = (headers: Record<string, string>) => {
          requests += 1;
          return t.app.inject({
            method: route.method as 'GET',
            url: hostileUrl(route.url),
            headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
            payload,
          });
        };
        const anonymous = await send({});
        if (anonymous.statusCode !== 401)
          wrong.push(
            `${route.method} ${route.url} without a token: ${anonymous.statusCode} ${anonymous.body}`,
          );
        if (route.guard === 'requireAdmin') {
          const asLearner = await send(learner);
          if (asLearner.statusCode !== 403)
            wrong.push(
              `${route.method} ${route.url} as a learner: ${asLearner.statusCode} ${asLearner.body}`,
            );
        }
      }
    }
    expect(wrong).toEqual([]);
    reportFigure(
      'auth-order',
      `${routes.length} guarded routes (${admin.length} admin) walked with ${requests} hostile requests: 401/403 before any 400`,
    );
  });
});
