import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database } from '../../db/client';
import { AppError } from '../lib/app-error';
import { hashToken, newToken } from '../lib/tokens';
import type { UserRow } from '../../db/schema/users';
import { deleteSession, findUserBySession, insertSession, touchSession } from './sessions.queries';

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
  const loadUser = async (request: FastifyRequest, token: string) => {
    const tokenHash = hashToken(token);
    const session = await findUserBySession(opts.db, tokenHash);
    request.user = session?.user ?? null;
    if (session?.stale) await touchSession(opts.db, tokenHash);
  };
  // Not async: most requests (anonymous reads) carry no session, and should not pay for a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const token = readSessionToken(request);
    if (!token) return done();
    loadUser(request, token).then(() => done(), done);
  });

  // What a signed-in person receives is theirs alone: no shared cache (a proxy, a CDN) may keep it,
  // nor the browser's disk after sign-out. Account and admin answers are marked so even when the
  // session is missing or invalid (a 401 must not be cached either). Public, immutable bytes
  // (images, hashed assets) say so themselves and keep their headers.
  app.addHook('onSend', (request, reply, payload, done) => {
    if ((request.user || PRIVATE_PATHS.test(request.url)) && !/\bpublic\b/.test(String(reply.getHeader('cache-control') ?? ''))) {
      reply.header('cache-control', 'private, no-store');
    }
    done(null, payload);
  });
});

/** Answers that are about the person asking, signed in or not. */
const PRIVATE_PATHS = /^\/api\/(auth|admin|provider|dashboard|favorites|profile|login|logout|register|password-reset|invitations)(\/|\?|$)/;

function readSessionToken(request: FastifyRequest): string | undefined {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}

/** The stored hash of the request's own session, to tell it from the user's other sessions. */
export function sessionTokenHash(request: FastifyRequest): string {
  const token = readSessionToken(request);
  if (!token) throw AppError.unauthorized();
  return hashToken(token);
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
