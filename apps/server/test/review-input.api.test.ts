import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { errorBodySchema } from '@quizcast/contract/errors';
import { indiaDayKey } from '@quizcast/contract/domain/review';
import { reviewSettingsSchema } from '@quizcast/contract/schemas/review';
import { reviewLogs } from '../src/db/schema';
import { testDatabaseKind } from './helpers';
import {
  MIN,
  DAY,
  START,
  QUEUE,
  reviewsUrl,
  api,
  review,
  learnerWithOneCard,
  putSettings,
  useReviewApp,
} from './support/review';
import { t } from './support/app';

describe(`review (${testDatabaseKind})`, () => {
  useReviewApp();

  it('documents every review route in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths['/api/review/queue']!)).toEqual(['get']);
    expect(doc.paths['/api/review/cards/{cardId}/reviews']).toHaveProperty('post');
    expect(doc.paths['/api/review/cards']).toHaveProperty('post');
    expect(doc.paths['/api/review/cards/{cardId}']).toHaveProperty('delete');
    expect(doc.paths['/api/review/stats']).toHaveProperty('get');
    expect(Object.keys(doc.paths['/api/review/settings']!).sort()).toEqual(['get', 'put']);
  });

  it('rejects every bad input with 400 listing every problem', async () => {
    t.clock.set(START);
    const { user, cardId, card } = await learnerWithOneCard(t);
    const now = t.clock.now();
    const bad = async (url: string, method: 'POST' | 'PUT', payload: unknown) => {
      const res = await api(t, user, method, url, payload);
      expect(res.statusCode, res.body).toBe(400);
      const message = errorBodySchema.parse(res.json()).message;
      return Array.isArray(message) ? message : [message];
    };

    for (const rating of [0, 5, 2.5]) {
      expect(await bad(reviewsUrl(cardId), 'POST', review(rating, now))).toEqual([
        'Rating must be 1, 2, 3 or 4',
      ]);
    }
    expect(
      await bad(reviewsUrl(cardId), 'POST', review(3, new Date(now.getTime() + 5 * MIN + 1000))),
    ).toEqual(['reviewedAt cannot be more than 5 minutes in the future']);
    expect(
      await bad(reviewsUrl(cardId), 'POST', review(3, new Date(card.createdAt.getTime() - 1000))),
    ).toEqual(['reviewedAt cannot be before the card existed']);
    // Several problems at once are all listed.
    const many = await bad(reviewsUrl(cardId), 'POST', {
      ...review(9, new Date(now.getTime() + DAY)),
      reviewId: 'nope',
      durationMs: -1,
    });
    expect(many.sort()).toEqual(
      [
        'Rating must be 1, 2, 3 or 4',
        'Review id must be a UUID',
        'durationMs must be a whole number of milliseconds between 0 and 1 hour',
        'reviewedAt cannot be more than 5 minutes in the future',
      ].sort(),
    );
    // Five minutes ahead (phone clock drift) is accepted.
    expect(
      (await api(t, user, 'POST', reviewsUrl(cardId), review(3, new Date(now.getTime() + 5 * MIN))))
        .statusCode,
    ).toBe(200);

    const yesterday = indiaDayKey(new Date(now.getTime() - DAY));
    const settingsProblems = await bad('/api/review/settings', 'PUT', {
      desiredRetention: 0.99,
      examName: null,
      examDate: yesterday,
      dailyNewLimit: -1,
      dailyReviewCap: 0,
    });
    expect(settingsProblems.sort()).toEqual(
      [
        'Desired retention must be between 0.80 and 0.97',
        'Exam date cannot be in the past',
        'Daily new-card limit must be a whole number between 0 and 500',
        'Daily review cap must be a whole number between 1 and 2000',
      ].sort(),
    );
    expect((await putSettings(t, user, { desiredRetention: 0.79 })).statusCode).toBe(400);
    expect(
      (await putSettings(t, user, { desiredRetention: 0.97, examDate: indiaDayKey(now) })).statusCode,
    ).toBe(200);
    const saved = reviewSettingsSchema.parse((await api(t, user, 'GET', '/api/review/settings')).json());
    expect(saved).toMatchObject({ desiredRetention: 0.97, examDate: indiaDayKey(now) });
    expect((await api(t, user, 'GET', `${QUEUE}?limit=0`)).statusCode).toBe(400);
    expect((await api(t, user, 'POST', reviewsUrl('not-a-uuid'), review(3, now))).statusCode).toBe(400);
    // Nothing bad was stored.
    const [{ n }] = (await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(reviewLogs)
      .where(and(eq(reviewLogs.cardId, cardId)))) as [{ n: number }];
    expect(Number(n)).toBe(1);
  });
});
