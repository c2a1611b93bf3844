/** The administrator the e2e server is started with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password' } as const;
