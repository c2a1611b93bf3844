import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { seoOverrides, seoTemplates } from '../../../db/schema/seo';
import type { SeoPageType } from '../../../shared/schemas/seo';

export type SeoTemplateRow = typeof seoTemplates.$inferSelect;
export type SeoOverrideRow = typeof seoOverrides.$inferSelect;

export const listTemplates = (db: Executor) => db.select().from(seoTemplates);

export const findTemplate = async (db: Executor, pageType: SeoPageType) =>
  (await db.select().from(seoTemplates).where(eq(seoTemplates.pageType, pageType)).limit(1))[0];

export async function upsertTemplate(db: Executor, pageType: SeoPageType, text: { title: string; description: string }) {
  const [row] = await db
    .insert(seoTemplates)
    .values({ pageType, ...text })
    .onConflictDoUpdate({ target: seoTemplates.pageType, set: { ...text, updatedAt: new Date() } })
    .returning();
  return row!;
}

export const deleteTemplate = async (db: Executor, pageType: SeoPageType) =>
  (await db.delete(seoTemplates).where(eq(seoTemplates.pageType, pageType)).returning())[0];

export const listOverrides = (db: Executor, limit: number, offset: number) =>
  db.select().from(seoOverrides).orderBy(asc(seoOverrides.pageType), asc(seoOverrides.entityId), asc(seoOverrides.id)).limit(limit).offset(offset);

export const countOverrides = (db: Executor) => db.$count(seoOverrides);

export const findOverrideById = async (db: Executor, id: number) =>
  (await db.select().from(seoOverrides).where(eq(seoOverrides.id, id)).limit(1))[0];

/** The override for exactly this page type and entity (entityId null = the page type as a whole). */
export const findOverride = async (db: Executor, pageType: SeoPageType, entityId: string | null) =>
  (
    await db
      .select()
      .from(seoOverrides)
      .where(and(eq(seoOverrides.pageType, pageType), entityId === null ? isNull(seoOverrides.entityId) : eq(seoOverrides.entityId, entityId)))
      .limit(1)
  )[0];

/** Overrides that may apply to one page: the entity's own (by any of its keys) and the page-wide one. */
export const findOverridesFor = (db: Executor, pageType: SeoPageType, entityKeys: string[]) =>
  db
    .select()
    .from(seoOverrides)
    .where(
      and(
        eq(seoOverrides.pageType, pageType),
        sql`coalesce(${seoOverrides.entityId}, '') in (${sql.join(['', ...entityKeys].map((key) => sql`${key}`), sql`, `)})`,
      ),
    );

export const insertOverride = async (db: Executor, row: typeof seoOverrides.$inferInsert) =>
  (await db.insert(seoOverrides).values(row).returning())[0]!;

export const updateOverride = async (db: Executor, id: number, changes: Partial<typeof seoOverrides.$inferInsert>) =>
  (await db.update(seoOverrides).set({ ...changes, updatedAt: new Date() }).where(eq(seoOverrides.id, id)).returning())[0];

export const deleteOverride = async (db: Executor, id: number) =>
  (await db.delete(seoOverrides).where(eq(seoOverrides.id, id)).returning())[0];
