import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/test-app';
import { createUser } from '../../../../test/factories';

const { app, db } = await createTestApp();

describe('GET /api/admin/audit', () => {
  it('still names an administrator by e-mail after their account is deleted', async () => {
    const leaving = await createUser(app, db, { isAdmin: true, email: 'leaving.admin@example.test' });
    const staying = await createUser(app, db, { isAdmin: true });
    const member = await createUser(app, db);

    const flagged = await app.inject({ method: 'PUT', url: `/api/admin/users/${member.id}/provider`, headers: { cookie: leaving.cookie }, payload: { isProvider: true } });
    expect(flagged.statusCode).toBe(200);
    const removed = await app.inject({ method: 'DELETE', url: `/api/admin/users/${leaving.id}`, headers: { cookie: staying.cookie } });
    expect(removed.statusCode).toBe(204);

    const res = await app.inject({ url: '/api/admin/audit?limit=10', headers: { cookie: staying.cookie } });
    expect(res.statusCode).toBe(200);
    const entry = res.json().find((row: { action: string }) => row.action === 'user.provider');
    expect(entry.actor).toEqual({ id: null, email: 'leaving.admin@example.test', firstName: null, lastName: null });
    const deletion = res.json().find((row: { action: string }) => row.action === 'user.delete');
    expect(deletion.actor).toMatchObject({ id: staying.id, email: staying.email });
  });
});
