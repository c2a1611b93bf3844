import { passwordResetRequestSchema, setPasswordSchema } from '../../../shared/schemas/password-reset';
import { messageJson, userJson } from '../../../shared/schemas/responses';
import { type RoutesPlugin, typed } from '../../deps';
import { errors } from '../../lib/route-docs';
import { startSession } from '../../plugins/auth';
import { namedLimit } from '../../plugins/rate-limit';
import { toUserJson } from '../users/user-json';
import { PASSWORD_RESET_REQUESTED, requestPasswordReset, setPasswordWithToken } from './password-reset.service';

/** Reset links one mailbox may be sent in an hour, whoever asks. */
export const RESET_MAILS_PER_HOUR = 5;

export const passwordResetRoutes: RoutesPlugin = (fastify, deps) => {
  const app = typed(fastify);
  const { db, config } = deps;
  // Each request may send an e-mail, and each confirmation hashes a password: both are limited like login.
  const limited = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } };

  // Per address above; and per mailbox, so many addresses together cannot flood one inbox with links.
  const perMailbox = namedLimit(fastify, {
    name: 'password-reset-mailbox',
    max: RESET_MAILS_PER_HOUR,
    timeWindow: '1 hour',
    key: (request) => (request.body as { email?: string } | undefined)?.email,
  });

  const tags = ['Account'];
  const resetRequest = { tags, summary: 'E-mail a password-reset link (the same answer whether or not the address is known)', body: passwordResetRequestSchema };
  app.post('/api/password-reset/request', { schema: { ...resetRequest, response: { 202: messageJson, ...errors(400, 429) } }, config: limited, preHandler: perMailbox }, async (request, reply) => {
    await requestPasswordReset(deps, request.body.email);
    return reply.status(202).send({ message: PASSWORD_RESET_REQUESTED });
  });

  for (const [url, purpose] of [
    ['/api/password-reset/confirm', 'password-reset'],
    ['/api/invitations/accept', 'invitation'],
  ] as const) {
    const summary = `Set a password with the token from a${purpose === 'invitation' ? 'n invitation' : ' password-reset'} e-mail, and sign in`;
    app.post(url, { schema: { tags, summary, body: setPasswordSchema, response: { 200: userJson, ...errors(400, 429) } }, config: limited }, async (request, reply) => {
      const user = await setPasswordWithToken(db, request.body.token, request.body.password, purpose);
      await startSession(db, config, reply, user.id);
      return toUserJson(user);
    });
  }
};
