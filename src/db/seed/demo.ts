import type { Database } from '../client';

/** Placeholder until the demo catalogue lands in this same change. */
export async function seedDemoIfEmpty(_db: Database) {}
