// A route's answer written by a serializer compiled from its schema (fast-json-stringify, what
// Fastify itself uses for JSON Schema) instead of the zod one, which checks the whole answer
// against the schema on every request. Card info is the call every page makes, and the zod pass
// over its 47-field answer was the largest single cost left on its path (docs/decisions/0022,
// third pass). Only what the schema declares is written, as with zod — an undeclared field never
// leaks — but a value of the wrong type is coerced rather than refused, so this is for handlers
// whose answer is built field by field from typed rows (modules/cards toCardInfo); elsewhere the
// zod serializer keeps catching a handler that drifts from its contract.
import fastJsonStringify from 'fast-json-stringify';
import { z } from 'zod';

type Serializer = (data: unknown) => string;
type JsonSchema = { [key: string]: unknown };

/**
 * zod writes `x.nullable()` as `anyOf: [x, {type: 'null'}]`, which fast-json-stringify resolves by
 * running a schema validator on every value; `type: [x's type, 'null']` says the same and is
 * written directly. Applied through the whole schema.
 */
export function nullableAsTypeList(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableAsTypeList);
  if (!schema || typeof schema !== 'object') return schema;
  const s = schema as JsonSchema;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(s)) out[k] = nullableAsTypeList(v);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const nullAt = anyOf.findIndex((b) => b.type === 'null' && Object.keys(b).length === 1);
    const other = anyOf[1 - nullAt];
    if (nullAt >= 0 && other && typeof other.type === 'string' && !('anyOf' in other)) {
      delete out.anyOf;
      return { ...out, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/** a Fastify serializerCompiler for routes whose response schemas are zod schemas */
export function compiledSerializer({ schema }: { schema: unknown }): Serializer {
  const jsonSchema = nullableAsTypeList(z.toJSONSchema(schema as z.ZodType, { target: 'draft-7', io: 'output' }));
  return fastJsonStringify(jsonSchema as Parameters<typeof fastJsonStringify>[0]);
}
