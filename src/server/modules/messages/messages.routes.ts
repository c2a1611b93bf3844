import { contactSchema } from '../../../shared/schemas/contact';
import { type RoutesPlugin, typed } from '../../deps';
import { sendSiteMessage } from './messages.service';

/** The form is open to visitors: a few messages a minute from one address, not a flood. */
export const CONTACT_MESSAGES_PER_MINUTE = 5;

export const messagesRoutes: RoutesPlugin = (fastify, deps) => {
  const app = typed(fastify);

  app.post(
    '/api/contact',
    {
      schema: { body: contactSchema },
      // Counted once the input is valid, so a person fixing a typo is not locked out.
      config: { rateLimit: { max: CONTACT_MESSAGES_PER_MINUTE, timeWindow: '1 minute', hook: 'preHandler' } },
    },
    async (request, reply) => {
      await sendSiteMessage(deps, request.user, request.body);
      return reply.status(201).send({ message: 'Message sent' });
    },
  );
};
