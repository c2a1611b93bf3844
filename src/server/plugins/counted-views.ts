import type { FastifyRequest } from 'fastify';

/**
 * A cached listing page counts its view before it is looked up (plugins/client.ts). When it then
 * has to be rendered, the render's own read of the listing carries this header, so the one visit
 * is not counted twice in the daily figures. A client sending it only keeps its own visit from
 * being counted.
 */
export const VIEW_COUNTED_HEADER = 'x-view-counted';

const counted = new WeakSet<FastifyRequest>();

export const markViewCounted = (request: FastifyRequest) => void counted.add(request);
export const viewCountedBy = (request: FastifyRequest) => counted.has(request);
