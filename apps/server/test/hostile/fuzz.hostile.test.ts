import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { errorBodySchema } from '@quizcast/contract/errors';
import { payments } from '../../src/db/schema';
import { createQuiz, createStudent } from '../../src/seed/factories';
import { bearerFor, buildTestApp, type TestApp } from '../helpers';
import { HOSTILE_SEED, reportFigure } from './support';

/**
 * Fuzzing from the contract: the OpenAPI document is generated from the contract's zod schemas, and
 * every operation in it gets malformed and boundary requests built from its own parameter and body
 * schemas (wrong types, missing and extra fields, lengths and numbers just past each limit, odd
 * Unicode, path tricks, bad tokens). Nothing may answer 5xx; every 4xx carries the error shape.
 */

const REQUESTS = 10_000;

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  nullable?: boolean;
}

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  pathParams: string[];
  query: Record<string, JsonSchema>;
  body: JsonSchema | null;
  /** Bodies the document does not describe (multipart uploads, the raw webhook). */
  opaqueBody: boolean;
}

const STRINGS = [
  '',
  ' ',
  '\u0000',
  '\uFFFF',
  '𝕏𝕐',
  'नमस्ते',
  '../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '%',
  '_',
  '\\',
  'null',
  'NaN',
  '-1',
  '1e309',
  '00000000-0000-0000-0000-000000000000',
  '2026-02-30T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '0000-01-01T00:00:00+00:00',
  '2026-11-22T10:00:00+05:30',
  '=cmd|" /C calc"!A0',
];

const wrongType = fc.oneof(
  fc.constant(null),
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.integer(), { maxLength: 3 }),
);

function stringArb(s: JsonSchema, known: string[]): fc.Arbitrary<string> {
  const boundary: string[] = [];
  if (s.minLength !== undefined && s.minLength > 0)
    boundary.push('a'.repeat(s.minLength - 1), 'a'.repeat(s.minLength));
  if (s.maxLength !== undefined) boundary.push('x'.repeat(s.maxLength), 'x'.repeat(s.maxLength + 1));
  const options: fc.Arbitrary<string>[] = [
    fc.constantFrom(...STRINGS, ...boundary),
    fc.string({ maxLength: 40, unit: 'grapheme' }),
    fc.string({ maxLength: 40, unit: 'binary' }),
  ];
  if (s.enum?.length) options.push(fc.constantFrom(...(s.enum as string[])));
  if (known.length) options.push(fc.constantFrom(...known));
  if (s.format === 'date-time') options.push(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()));
  if (s.format === 'uuid') options.push(fc.uuid());
  return fc.oneof(...options);
}

function numberArb(s: JsonSchema): fc.Arbitrary<number> {
  const integer = s.type === 'integer';
  const edges = [0, -0, -1, 1, 0.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31];
  for (const b of [s.minimum, s.maximum, s.exclusiveMinimum, s.exclusiveMaximum])
    if (b !== undefined) edges.push(b - 1, b, b + 1, b + 0.001);
  return fc.oneof(
    fc.constantFrom(...edges),
    integer ? fc.integer() : fc.double({ noNaN: true, noDefaultInfinity: true }),
  );
}

/** Values shaped by the schema but pushed over its edges, mixed with values of the wrong type. */
function malformed(s: JsonSchema, known: string[], depth = 0): fc.Arbitrary<unknown> {
  if (depth > 4) return wrongType;
  const variants = s.anyOf ?? s.oneOf ?? s.allOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => malformed(v, known, depth + 1)), wrongType);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  let shaped: fc.Arbitrary<unknown>;
  switch (type) {
    case 'string':
      shaped = stringArb(s, known);
      break;
    case 'integer':
    case 'number':
      shaped = numberArb(s);
      break;
    case 'boolean':
      shaped = fc.boolean();
      break;
    case 'array': {
      const item = malformed(s.items ?? {}, known, depth + 1);
      const over = s.maxItems !== undefined ? s.maxItems + 1 : 3;
      shaped = fc.oneof(
        { weight: 4, arbitrary: fc.array(item, { maxLength: 4 }) },
        { weight: 1, arbitrary: fc.constant(Array.from({ length: Math.min(over, 600) }, () => ({}))) },
      );
      break;
    }
    case 'object': {
      const props = s.properties ?? {};
      const entries = Object.entries(props).map(
        ([k, v]) => [k, fc.option(malformed(v, known, depth + 1), { nil: undefined, freq: 4 })] as const,
      );
      shaped = fc
        .tuple(
          fc.record(Object.fromEntries(entries)),
          fc.option(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'extra', '$where'), wrongType)),
        )
        .map(([record, extra]) => {
          const out: Record<string, unknown> = {};
          for (const [k, v] of Object.entries(record)) if (v !== undefined) out[k] = v;
          if (extra) out[extra[0]] = extra[1];
          return out;
        });
      break;
    }
    default:
      shaped = fc.oneof(wrongType, fc.string());
  }
  return fc.oneof({ weight: 5, arbitrary: shaped }, { weight: 1, arbitrary: wrongType });
}

function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = (op.parameters ?? []) as { in: string; name: string; schema: JsonSchema }[];
      const content = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)
        ?.content;
      const json = content?.['application/json']?.schema ?? null;
      ops.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: Object.fromEntries(parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema])),
        body: json,
        opaqueBody: !json && method !== 'get' && method !== 'delete',
      });
    }
  }
  return ops;
}

let t: TestApp;
let known: string[] = [];
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp({ env: { OTP_PHONE_LIMIT_PER_HOUR: '1000000', OTP_IP_LIMIT_PER_HOUR: '1000000' } });
  const admin = await createStudent(t.db, { role: 'admin' });
  const learner = await createStudent(t.db);
  const created = await createQuiz(t.db, { pricePaise: 1000 }, undefined, t.clock.now());
  const [payment] = await t.db
    .insert(payments)
    .values({
      userId: learner.id,
      quizId: created.quiz.id,
      provider: 'fake',
      orderId: 'order_fuzz_known',
      basePaise: 1000,
      gstPaise: 180,
      amountPaise: 1180,
    })
    .returning();
  // Real ids mixed in, so requests also reach the handlers behind the id checks.
  known = [
    created.quiz.id,
    created.questions[0]!.id,
    learner.id,
    payment!.id,
    'order_fuzz_known',
    learner.phNo,
  ];
  tokens.participant = (await bearerFor(learner, t.clock)).authorization!;
  tokens.admin = (await bearerFor(admin, t.clock)).authorization!;
});
afterAll(async () => {
  await t.close();
});

describe('fuzzing every route from the contract schemas', () => {
  it(`${REQUESTS} malformed and boundary requests: no 5xx, every 4xx in the error shape`, async () => {
    const ops = operationsOf(t.app.swagger() as never);
    expect(ops.length).toBeGreaterThan(30);

    const request = fc.constantFrom(...ops).chain((op) =>
      fc.record({
        op: fc.constant(op),
        params: fc.tuple(...op.pathParams.map(() => stringArb({}, known)), fc.constant('')),
        query: malformed({ type: 'object', properties: op.query }, known),
        body: op.body
          ? fc.oneof(
              { weight: 8, arbitrary: malformed(op.body, known).map((b) => JSON.stringify(b)) },
              { weight: 1, arbitrary: fc.constantFrom('{"a":', '[', 'null', '""', '{}'.repeat(3), '\u0000') },
            )
          : op.opaqueBody
            ? fc.oneof(
                fc.string({ maxLength: 200 }),
                fc.constant('--x\r\nContent-Disposition: form-data; name="photo"\r\n\r\n'),
              )
            : fc.constant(undefined),
        contentType: fc.constantFrom(
          'application/json',
          'application/json',
          'application/json',
          'text/plain',
          'multipart/form-data; boundary=x',
          'application/x-www-form-urlencoded',
          undefined,
        ),
        auth: fc.constantFrom('participant', 'participant', 'admin', 'admin', 'none', 'garbage'),
      }),
    );
    const samples = fc.sample(request, { numRuns: REQUESTS, seed: HOSTILE_SEED });

    const failures: string[] = [];
    const byStatus = new Map<number, number>();
    for (const s of samples) {
      let url = s.op.path;
      s.op.pathParams.forEach((name, i) => {
        url = url.replace(`{${name}}`, encodeURIComponent(String(s.params[i] ?? '')));
      });
      const query = new URLSearchParams();
      const q = s.query;
      if (q && typeof q === 'object' && !Array.isArray(q))
        for (const [k, v] of Object.entries(q))
          query.append(k, typeof v === 'string' ? v : JSON.stringify(v));
      else query.append('q', JSON.stringify(q));
      const qs = query.toString();
      const headers: Record<string, string> = {};
      if (s.auth === 'participant' || s.auth === 'admin') headers.authorization = tokens[s.auth]!;
      if (s.auth === 'garbage') headers.authorization = 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.';
      if (s.body !== undefined && s.contentType) headers['content-type'] = s.contentType;
      const res = await t.app.inject({
        method: s.op.method,
        url: qs ? `${url}?${qs}` : url,
        headers,
        ...(s.body !== undefined ? { payload: s.body } : {}),
      });
      byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
      const where = `${s.op.method} ${url}${qs ? `?${qs}` : ''} → ${res.statusCode}`;
      if (res.statusCode >= 500)
        failures.push(
          `${where} [${s.contentType} ${String(s.body).slice(0, 120)}]: ${res.body.slice(0, 200)}`,
        );
      else if (res.statusCode >= 400) {
        let parsed;
        try {
          parsed = errorBodySchema.safeParse(res.json());
        } catch {
          parsed = { success: false as const };
        }
        if (!parsed.success || parsed.data.statusCode !== res.statusCode)
          failures.push(`${where}: not the error shape: ${res.body.slice(0, 200)}`);
      }
    }
    const fiveXx = [...byStatus].filter(([code]) => code >= 500).reduce((n, [, c]) => n + c, 0);
    const statuses = [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([code, n]) => `${code}×${n}`)
      .join(' ');
    reportFigure(
      'fuzzing',
      `${samples.length} requests over ${ops.length} operations (seed ${HOSTILE_SEED}): ${fiveXx} answered 5xx, ${failures.length - fiveXx} 4xx outside the error shape [${statuses}]`,
    );
    expect(failures.slice(0, 20)).toEqual([]);
    expect(samples).toHaveLength(REQUESTS);
  });
});
