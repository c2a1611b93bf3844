import type { Database, Executor } from '../../../db/client';
import { categoryFormSchema } from '../../../shared/schemas/category';
import { type CategoryCsvColumn, categoryCsvColumns, requiredCategoryColumns } from '../../../shared/schemas/import-export';
import type { ListingType } from '../../../shared/types';
import { listingNoun } from '../../../shared/listing-type';
import { recordAudit } from '../audit/audit.queries';
import type { UserRow } from '../users/users.queries';
import { type CsvRow, readCsv } from './csv-reader';
import { ImportErrors } from './import-errors';
import { type ImportCounts, type ImportOutcome, runImport } from './import-run';
import { allCategories, type CategoryUpdate, insertCategories, type NewCategory, updateCategories } from './import-categories.queries';

type Row = CsvRow<CategoryCsvColumn>;
type Existing = Awaited<ReturnType<typeof allCategories>>[number];
/** A category as it will be once the import is applied. */
type Planned = { row: number; type: ListingType; slug: string; name: string; description: string | null; icon: string | null; parent: string | null; current?: Existing };

const key = (type: string, slug: string) => `${type}:${slug}`;
const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** A row checked by the category form's schema, merged with the category it updates (missing columns keep their values). */
function plan(row: Row, existing: Map<string, Existing>, byId: Map<number, Existing>, errors: ImportErrors): Planned | null {
  const { cells } = row;
  const type = cells.type?.trim() ?? '';
  const current = existing.get(key(type, cells.slug?.trim() ?? ''));
  const has = (column: CategoryCsvColumn) => cells[column] !== undefined;
  const parsed = categoryFormSchema.safeParse({
    type,
    slug: cells.slug,
    name: cells.name,
    description: has('description') ? cells.description : current?.description,
    icon: has('icon') ? cells.icon : current?.icon,
  });
  if (!parsed.success) {
    const reported = new Set<string>();
    for (const issue of parsed.error.issues) {
      const column = String(issue.path[0] ?? '');
      if (!reported.has(column)) errors.add(row.row, column || null, issue.message);
      reported.add(column);
    }
    return null;
  }
  const currentParent = current?.parentId ? (byId.get(current.parentId)?.slug ?? null) : null;
  return {
    row: row.row,
    type: parsed.data.type,
    slug: parsed.data.slug,
    name: parsed.data.name,
    description: blankToNull(parsed.data.description),
    icon: blankToNull(parsed.data.icon),
    parent: has('parent') ? blankToNull(cells.parent) : currentParent,
    current,
  };
}

/**
 * The rules of the category dialog for the whole file at once: a parent of the same type that is
 * top-level once the import is applied, never the category itself, and no category with
 * subcategories made a subcategory.
 */
function checkParents(planned: Map<string, Planned>, existing: Existing[], byId: Map<number, Existing>, errors: ImportErrors) {
  const parentOf = new Map<string, string | null>();
  for (const category of existing) parentOf.set(key(category.type, category.slug), category.parentId ? (byId.get(category.parentId)?.slug ?? null) : null);
  for (const [k, category] of planned) parentOf.set(k, category.parent);
  const hasChildren = new Set<string>();
  for (const [k, parent] of parentOf) if (parent) hasChildren.add(key(k.split(':')[0]!, parent));

  for (const [k, category] of planned) {
    if (!category.parent) continue;
    const parentKey = key(category.type, category.parent);
    let problem: string | null = null;
    if (category.parent === category.slug) problem = 'A category cannot be its own parent';
    else if (!parentOf.has(parentKey)) problem = `The parent category "${category.parent}" does not exist among the ${listingNoun(category.type)} categories`;
    else if (parentOf.get(parentKey)) problem = `The parent must be a top-level category: "${category.parent}" is a subcategory`;
    else if (hasChildren.has(k)) problem = 'A category with subcategories must stay top-level';
    if (problem) errors.add(category.row, 'parent', problem);
  }
}

const isUnchanged = (current: Existing, next: CategoryUpdate) =>
  current.name === next.name && current.description === next.description && current.icon === next.icon && current.parentId === next.parentId;

async function apply(tx: Executor, planned: Map<string, Planned>, existing: Map<string, Existing>, counts: ImportCounts, write: boolean) {
  const ids = new Map<string, number>([...existing].map(([k, category]) => [k, category.id]));
  const fresh = [...planned.values()].filter((category) => !category.current);
  counts.created = fresh.length;
  if (write) {
    // Parents before children: every new category is inserted first, then the parents are linked by slug.
    const rows: NewCategory[] = fresh.map(({ type, slug, name, description, icon }) => ({ type, slug, name, description, icon }));
    for (const row of await insertCategories(tx, rows)) ids.set(key(row.type, row.slug), row.id);
  }
  const updates: CategoryUpdate[] = [];
  for (const [k, category] of planned) {
    const next: CategoryUpdate = {
      id: ids.get(k) ?? 0,
      name: category.name,
      description: category.description,
      icon: category.icon,
      parentId: category.parent ? (ids.get(key(category.type, category.parent)) ?? 0) : null,
    };
    if (category.current) {
      if (isUnchanged(category.current, next)) counts.unchanged++;
      else {
        counts.updated++;
        updates.push(next);
      }
    } else if (next.parentId !== null) updates.push(next);
  }
  if (write) await updateCategories(tx, updates);
}

/** POST /api/admin/import/categories: like the listings import, for the categories file. */
export async function importCategories(db: Database, admin: UserRow, body: Buffer, dryRun: boolean): Promise<ImportOutcome> {
  return runImport(db, dryRun, async (tx) => {
    const errors = new ImportErrors();
    const counts: ImportCounts = { created: 0, updated: 0, unchanged: 0 };
    const all = await allCategories(tx);
    const existing = new Map(all.map((category) => [key(category.type, category.slug), category]));
    const byId = new Map(all.map((category) => [category.id, category]));
    const planned = new Map<string, Planned>();
    let rows = 0;
    for await (const batch of readCsv(body, { columns: categoryCsvColumns, required: requiredCategoryColumns }, errors)) {
      rows += batch.length;
      for (const row of batch) {
        const category = plan(row, existing, byId, errors);
        if (!category) continue;
        const k = key(category.type, category.slug);
        const first = planned.get(k);
        if (first) errors.add(row.row, 'slug', `Duplicate slug "${category.slug}": row ${first.row} has it too`);
        else planned.set(k, category);
      }
    }
    checkParents(planned, all, byId, errors);
    await apply(tx, planned, existing, counts, !dryRun && !errors.any);
    if (!dryRun && !errors.any) {
      await recordAudit(tx, { actorId: admin.id, action: 'category.import', entityType: 'category', details: { ...counts, rows } });
    }
    return { counts, errors };
  });
}
