import fc from 'fast-check';
import { z } from 'zod';
import { junkValue, pollution, withOwnKey } from './junk';

/** The part of JSON Schema that zod's toJSONSchema writes for the shared schemas. */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
  maxItems?: number;
};

/** The JSON Schema of a route's zod schema, as the input it accepts (before transforms). */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/**
 * Values that a field of this name plausibly holds (an existing category id, an address, a slug):
 * random text would almost never pass such a field's checks, and the fuzz must also reach the
 * service behind validation.
 */
export type Hints = Record<string, () => fc.Arbitrary<unknown>>;

const MAX_TEXT = 40;

/** Values that satisfy the schema (or nearly: trimming and refinements can still refuse them). */
export function validArbitrary(schema: JsonSchema, hints: Hints, key?: string): fc.Arbitrary<unknown> {
  const hint = key ? hints[key] : undefined;
  const own = ownArbitrary(schema, hints);
  return hint ? fc.oneof({ weight: 4, arbitrary: hint() }, { weight: 1, arbitrary: own }) : own;
}

function ownArbitrary(schema: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => ownArbitrary(alternative, hints)));
  if (schema.allOf?.[0]) return ownArbitrary(schema.allOf[0], hints);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => ownArbitrary({ ...schema, type }, hints)));
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, validArbitrary(property, hints, name)]));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
    }
    case 'string':
      return textArbitrary(schema);
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
      const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1000);
      const integers = fc.integer({ min: Math.max(min, -1e9), max: Math.min(max, 1e9) });
      return schema.type === 'integer' ? integers : fc.oneof(integers, fc.double({ min, max, noNaN: true }));
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? ownArbitrary(schema.items, hints) : fc.string({ maxLength: 10 }), {
        maxLength: Math.min(schema.maxItems ?? 6, 6),
      });
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function textArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? MAX_TEXT, MAX_TEXT));
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.pattern) {
    return fc.stringMatching(new RegExp(schema.pattern)).filter((value) => value.length >= minLength && value.length <= (schema.maxLength ?? Infinity));
  }
  return fc.oneof(
    fc.string({ minLength, maxLength, unit: 'grapheme-ascii' }),
    fc.string({ minLength, maxLength, unit: 'grapheme' }),
    fc.lorem({ maxCount: 5 }).filter((value) => value.length >= minLength),
  );
}

/**
 * Near-valid bodies: a valid one with one thing wrong (a field of the wrong kind, a required field
 * missing, an unknown or prototype-polluting key added).
 */
export function nearValidArbitrary(schema: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  const valid = validArbitrary(schema, hints);
  const names = Object.keys(schema.properties ?? {});
  if (names.length === 0) return fc.oneof(valid, junkValue);
  return fc.tuple(valid, fc.constantFrom(...names), junkValue, pollution, fc.nat(3)).map(([body, name, junk, polluted, how]) => {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return junk;
    const record = body as Record<string, unknown>;
    switch (how) {
      case 0:
        return { ...record, [name]: junk };
      case 1: {
        const rest = { ...record };
        delete rest[name];
        return rest;
      }
      case 2: {
        const [key, value] = Object.entries(polluted)[0]!;
        return withOwnKey(record, key, value);
      }
      default:
        return { ...record, unexpected: junk };
    }
  });
}
