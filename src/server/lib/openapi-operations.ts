/**
 * What the API document derives for every operation, so no route has to remember it and two
 * routes cannot disagree: an operationId made of the method and the path, `security: []` for
 * public routes, and only the named schemas something refers to.
 */

const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * "GET /api/services/:id/reviews" → "getServicesByIdReviews": the method, then each path segment
 * after /api (a parameter as "By" and its name). Unique because method and path are.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .flatMap((segment) => {
      const parameter = /^:(\w+)/.exec(segment) ?? /^\{(\w+)\}$/.exec(segment);
      const parts = (parameter ? parameter[1]! : segment).split(/[^A-Za-z0-9]+/).filter(Boolean).map(pascal);
      return parameter ? ['By', ...parts] : parts;
    });
  return method.toLowerCase() + words.join('');
}

type OperationSchema = { operationId?: string; security?: readonly unknown[] };

/** A route's schema with its operationId and security filled in where the route did not declare them. */
export function withOperationDefaults<S extends OperationSchema>(schema: S | undefined, method: string, url: string): S {
  return {
    ...schema,
    operationId: schema?.operationId ?? operationIdOf(method, url),
    // A route that needs a session says so (`signedIn`); every other one is public, and says that too.
    security: schema?.security ?? [],
  } as S;
}

/** Every `#/components/schemas/Name` a value refers to, at any depth. */
function referencedSchemas(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) referencedSchemas(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/components/schemas/')) found.add(inner.slice('#/components/schemas/'.length));
      else referencedSchemas(inner, found);
    }
  }
  return found;
}

type Document = { paths?: unknown; components?: { schemas?: Record<string, unknown> } & Record<string, unknown> } & Record<string, unknown>;

/**
 * The document without the named schemas no operation uses, directly or through another schema.
 * The zod transform names an input and an output variant of every registered schema; most shapes
 * are only ever answers, and an unused variant is noise in the reference.
 */
export function withoutUnusedSchemas<D extends Document>(document: D): D {
  const schemas = document.components?.schemas;
  if (!schemas) return document;
  const used = referencedSchemas(document.paths);
  for (let pending = [...used]; pending.length > 0; ) {
    const next = [...referencedSchemas(pending.map((name) => schemas[name]))].filter((name) => !used.has(name));
    for (const name of next) used.add(name);
    pending = next;
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...document.components, schemas: kept } };
}
