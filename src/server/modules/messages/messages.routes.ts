import { contactSchema } from '../../../shared/schemas/contact';
import { messageJson } from '../../../shared/schemas/responses';
import { type RoutesPlugin, typed } from '../../deps';
import { errors } from '../../lib/route-docs';
import { sendSiteMessage } from './messages.service';

/** The form is open to visitors: a few messages a minute from one address, not a flood. */
export const CONTACT_MESSAGES_PER_MINUTE = 5;

export const messagesRoutes: RoutesPlugin = (fastify, deps) => {
  const app = typed(fastify);

  app.post(
    '/api/contact',
    {
      schema: { tags: ['Site'], summary: "Send a message to the site's team", body: contactSchema, response: { 201: messageJson, ...errors(400, 429) } },
      // Counted once the input is valid, so a person fixing a typo is not locked out.
      config: { rateLimit: { max: CONTACT_MESSAGES_PER_MINUTE, timeWindow: '1 minute', hook: 'preHandler' } },
    },
    async (request, reply) => {
      await sendSiteMessage(deps, request.user, request.body);
      return reply.status(201).send({ message: 'Message sent' });
    },
  );
};
