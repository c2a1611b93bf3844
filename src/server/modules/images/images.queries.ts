import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { images } from '../../../db/schema/images';

export const insertImage = async (db: Executor, row: typeof images.$inferInsert) =>
  (await db.insert(images).values(row).returning({ id: images.id }))[0]!;

export const findImage = async (db: Executor, id: string) =>
  (await db.select({ contentType: images.contentType, width: images.width, data: images.data }).from(images).where(eq(images.id, id)).limit(1))[0];

export const deleteImageOf = async (db: Executor, id: string, ownerId: string, kind: (typeof images.$inferSelect)['kind']) =>
  db.delete(images).where(and(eq(images.id, id), eq(images.ownerId, ownerId), eq(images.kind, kind)));
