import type { FastifyInstance } from 'fastify';

/**
 * RFC 8058's one-click unsubscribe, for every mail that offers it: the headers that make mail
 * clients show their own "Unsubscribe", and the form body those clients then POST to the link
 * ("List-Unsubscribe=One-Click"). The link's query says everything, so the body is read and left;
 * without a parser for it Fastify would answer the client 415.
 */
export function oneClickUnsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** Lets the routes of this scope take a mail client's one-click POST. */
export function acceptOneClickUnsubscribe(scope: FastifyInstance) {
  scope.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data'], { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => done(null, body));
}
