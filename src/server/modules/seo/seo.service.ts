import type { Database } from '../../../db/client';
import { seoPageTypes, type SeoOverride, type SeoPageType, type SeoTemplate, type SeoTemplateInput } from '../../../shared/schemas/seo';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/audit.queries';
import type { UserRow } from '../users/users.queries';
import * as queries from './seo.queries';

const templateJson = (pageType: SeoPageType, row?: queries.SeoTemplateRow): SeoTemplate => ({
  pageType,
  title: row?.title ?? '',
  description: row?.description ?? '',
  updatedAt: row ? row.updatedAt.toISOString() : null,
});

const overrideJson = (row: queries.SeoOverrideRow): SeoOverride => ({
  id: row.id,
  pageType: row.pageType,
  entityId: row.entityId,
  title: row.title,
  description: row.description,
  updatedAt: row.updatedAt.toISOString(),
});

/** One entry per page type, saved or not, so the admin form always has all four. */
export async function listTemplates(db: Database): Promise<SeoTemplate[]> {
  const rows = await queries.listTemplates(db);
  return seoPageTypes.map((pageType) => templateJson(pageType, rows.find((row) => row.pageType === pageType)));
}

export async function saveTemplate(db: Database, admin: UserRow, pageType: SeoPageType, input: SeoTemplateInput) {
  return db.transaction(async (tx) => {
    const row = await queries.upsertTemplate(tx, pageType, input);
    await recordAudit(tx, { actorId: admin.id, action: 'seo.template.save', entityType: 'seo_template', entityId: pageType, details: input });
    return templateJson(pageType, row);
  });
}

export async function resetTemplate(db: Database, admin: UserRow, pageType: SeoPageType) {
  await db.transaction(async (tx) => {
    const row = await queries.deleteTemplate(tx, pageType);
    if (!row) throw AppError.notFound('No template is saved for that page type');
    await recordAudit(tx, { actorId: admin.id, action: 'seo.template.reset', entityType: 'seo_template', entityId: pageType });
  });
}

export async function listOverrides(db: Database, limit: number, offset: number): Promise<{ overrides: SeoOverride[]; total: number }> {
  const [rows, total] = await Promise.all([queries.listOverrides(db, limit, offset), queries.countOverrides(db)]);
  return { overrides: rows.map(overrideJson), total };
}

type OverrideFields = { pageType: SeoPageType; entityId: string | null; title: string | null; description: string | null };

const duplicateMessage = (input: OverrideFields) =>
  input.entityId
    ? `An override for ${input.pageType} page "${input.entityId}" already exists`
    : `An override for every ${input.pageType} page already exists`;

export async function createOverride(db: Database, admin: UserRow, input: OverrideFields) {
  return db.transaction(async (tx) => {
    if (await queries.findOverride(tx, input.pageType, input.entityId)) throw AppError.conflict(duplicateMessage(input));
    const row = await queries.insertOverride(tx, input);
    await recordAudit(tx, { actorId: admin.id, action: 'seo.override.create', entityType: 'seo_override', entityId: row.id, details: input });
    return overrideJson(row);
  });
}

export async function updateOverride(db: Database, admin: UserRow, id: number, input: OverrideFields) {
  return db.transaction(async (tx) => {
    if (!(await queries.findOverrideById(tx, id))) throw AppError.notFound('Override not found');
    const clash = await queries.findOverride(tx, input.pageType, input.entityId);
    if (clash && clash.id !== id) throw AppError.conflict(duplicateMessage(input));
    const row = (await queries.updateOverride(tx, id, input))!;
    await recordAudit(tx, { actorId: admin.id, action: 'seo.override.update', entityType: 'seo_override', entityId: id, details: input });
    return overrideJson(row);
  });
}

export async function deleteOverride(db: Database, admin: UserRow, id: number) {
  await db.transaction(async (tx) => {
    const row = await queries.deleteOverride(tx, id);
    if (!row) throw AppError.notFound('Override not found');
    await recordAudit(tx, { actorId: admin.id, action: 'seo.override.delete', entityType: 'seo_override', entityId: id, details: { pageType: row.pageType, entityId: row.entityId } });
  });
}

