import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import { safeParse, type $ZodType } from 'zod/v4/core';

type ResponseSchema = $ZodType | { properties: $ZodType };

const zodSchemaOf = (schema: ResponseSchema): $ZodType => ('properties' in schema ? schema.properties : schema);

/**
 * How answers with a declared response schema become JSON.
 *
 * In production: plain JSON.stringify. The schema is the route's contract and the source of the
 * OpenAPI document; checking every answer against it would cost each request a zod parse.
 *
 * In tests (`checkAnswers`): every answer is checked against its schema, and a field the schema
 * does not declare fails as surely as a missing one, so the whole API suite proves the document
 * true. A mismatch answers 500 and prints what differs (an unexpected console.error fails a test).
 * See docs/decisions/openapi.md.
 */
export function responseSerializer({ checkAnswers }: { checkAnswers: boolean }): FastifySerializerCompiler<ResponseSchema> {
  if (!checkAnswers) return () => (data) => JSON.stringify(data);
  return ({ schema, method, url, httpStatus }) =>
    (data) => {
      const json = JSON.stringify(data);
      // What the client receives: dates already strings, undefined fields gone.
      const sent: unknown = json === undefined ? undefined : JSON.parse(json);
      const result = safeParse(zodSchemaOf(schema), sent);
      const problem = result.success
        ? isDeepStrictEqual(JSON.parse(JSON.stringify(result.data) ?? 'null'), sent ?? null)
          ? undefined
          : 'the answer has fields its schema does not declare'
        : result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
      if (problem) {
        const message = `The ${httpStatus} answer of ${method} ${url} does not match its response schema: ${problem}`;
        console.error(message, '\nanswer:', json?.slice(0, 2000));
        throw new Error(message);
      }
      return json;
    };
}
