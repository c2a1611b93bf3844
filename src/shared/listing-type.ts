import type { ListingType } from './types';

/** 'tool' or 'service': the singular word for a listing type, also its page path segment (/tool/{slug}). */
export const listingNoun = (type: ListingType) => (type === 'tools' ? 'tool' : 'service');

/** 'Tool' or 'Service', for the start of a sentence or a title ('Tool deleted'). */
export const ListingNoun = (type: ListingType) => (type === 'tools' ? 'Tool' : 'Service');
