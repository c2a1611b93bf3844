import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database } from '../../db/client';
import { AppError } from '../lib/app-error';
import { hashToken, newToken } from '../lib/tokens';
import { deleteSession, findUserBySession, insertSession, type UserRow } from '../modules/users/users.queries';

export const SESSION_COOKIE = 'sid';
const SESSION_DAYS = 30;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Loaded once per request from the session cookie. */
    user: UserRow | null;
  }
}

/** Loads the session's user on every request; routes then ask requireUser/requireAdmin. */
export const authPlugin = fp(async function auth(app: FastifyInstance, opts: { db: Database; config: Config }) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = readSessionToken(request);
    if (token) request.user = (await findUserBySession(opts.db, hashToken(token))) ?? null;
  });
});

function readSessionToken(request: FastifyRequest): string | undefined {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}

/** Starts a new session (a new id at every login) and sets its cookie. */
export async function startSession(db: Database, config: Config, reply: FastifyReply, userId: string) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 24 * 60 * 60 * 1000);
  await insertSession(db, { tokenHash: hashToken(token), userId, expiresAt });
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    signed: true,
    expires: expiresAt,
  });
}

export async function endSession(db: Database, config: Config, request: FastifyRequest, reply: FastifyReply) {
  const token = readSessionToken(request);
  if (token) await deleteSession(db, hashToken(token));
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.secureCookies });
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw AppError.unauthorized();
  return request.user;
}

export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!user.isAdmin) throw AppError.forbidden('Administrators only.');
  return user;
}
