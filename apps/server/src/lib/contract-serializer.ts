import fastJsonStringify from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * A route's serializer for its success response, compiled from the contract's own schema (issue 31):
 * the zod schema becomes JSON Schema once, and fast-json-stringify writes the body from it, keeping
 * exactly the contract's properties as zod's serializer does, without re-parsing every field of every
 * row on each response (the review queue's 50 cards: zod's parse and JSON.stringify were 8% of its
 * CPU and most of its short-lived garbage). Error statuses keep the app's zod serializer.
 *
 * Only for responses the server builds itself from typed rows (the contract's types are checked at
 * compile time); unlike zod it does not refuse a malformed body, it writes the schema's shape.
 *
 *   app.get(path, { schema, serializerCompiler: contractSerializer }, handler)
 */
type ZodRoute = Parameters<typeof zodSerializerCompiler>[0];

export const contractSerializer = (route: { schema: unknown; httpStatus?: string }) => {
  if (route.httpStatus !== '200' || !(route.schema instanceof z.ZodType))
    return zodSerializerCompiler(route as ZodRoute);
  const jsonSchema = z.toJSONSchema(route.schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'throw',
  });
  return fastJsonStringify(nullableObjects(jsonSchema) as Parameters<typeof fastJsonStringify>[0]);
};

/**
 * `anyOf: [object, null]` (zod's `.nullable()` of an object) as one object schema with
 * `nullable: true`: fast-json-stringify then writes it directly instead of testing each branch with a
 * validator on every value.
 */
function nullableObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableObjects);
  if (!node || typeof node !== 'object') return node;
  const entries = Object.entries(node).map(([k, v]) => [k, nullableObjects(v)] as const);
  const out = Object.fromEntries(entries) as Record<string, unknown>;
  const anyOf = out.anyOf as Record<string, unknown>[] | undefined;
  if (anyOf?.length === 2 && Object.keys(out).length === 1) {
    const other = anyOf.find((s) => s.type !== 'null');
    if (
      other &&
      anyOf.some((s) => s.type === 'null' && Object.keys(s).length === 1) &&
      other.type === 'object'
    )
      return { ...other, nullable: true };
  }
  return out;
}
