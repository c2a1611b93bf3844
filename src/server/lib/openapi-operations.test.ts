import { describe, expect, it } from 'vitest';
import { operationIdOf, withOperationDefaults, withoutUnusedSchemas } from './openapi-operations';

describe('what the API document derives for each operation', () => {
  it('names an operation by its method and path, parameters as "By" and their name', () => {
    expect(operationIdOf('GET', '/api/services/:id/reviews')).toBe('getServicesByIdReviews');
    expect(operationIdOf('POST', '/api/admin/services/:id/approve')).toBe('postAdminServicesByIdApprove');
    expect(operationIdOf('GET', '/api/admin/export/listings.csv')).toBe('getAdminExportListingsCsv');
    expect(operationIdOf('PUT', '/api/password-reset/confirm')).toBe('putPasswordResetConfirm');
  });

  it('keeps what a route declares, and marks a route without a session requirement as public', () => {
    expect(withOperationDefaults({ operationId: 'signIn', security: [{ session: [] }] }, 'POST', '/api/login')).toEqual({ operationId: 'signIn', security: [{ session: [] }] });
    expect(withOperationDefaults(undefined, 'GET', '/api/site')).toEqual({ operationId: 'getSite', security: [] });
  });

  it('drops the named schemas no operation reaches, and keeps those reached through another schema', () => {
    const document = {
      paths: { '/a': { get: { responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Listing' } } } } } } } },
      components: {
        schemas: {
          Listing: { properties: { category: { $ref: '#/components/schemas/Category' } } },
          Category: { properties: { parent: { $ref: '#/components/schemas/Category' } } },
          ListingInput: { type: 'object' },
        },
      },
    };
    expect(Object.keys(withoutUnusedSchemas(document).components.schemas)).toEqual(['Listing', 'Category']);
  });
});
