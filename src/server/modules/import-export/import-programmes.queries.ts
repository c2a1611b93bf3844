import { getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { partnerProgrammeChanges, partnerProgrammeProposals, partnerProgrammes } from '../../../db/schema/partner-programmes';
import type { ProgrammeRow } from '../../../db/partner-programme-terms';
import type { PartnerProgrammeTerms } from '../../../shared/schemas/partner-programme';

export type NewProgramme = typeof partnerProgrammes.$inferInsert;
export type ProgrammeChange = { listingId: number; oldTerms: PartnerProgrammeTerms | null; newTerms: PartnerProgrammeTerms | null; changedBy: string };
export type ProgrammeCaches = { listingId: number; marginPercent: number | null; earningsPerClient: number | null; whiteLabelLevel: 'full' | 'partial' | 'none' };

/** The live programmes of a batch's listings; locked with them when the import will write. */
export function findProgrammes(db: Executor, listingIds: number[], lock: boolean): Promise<ProgrammeRow[]> {
  if (!listingIds.length) return Promise.resolve([]);
  const query = db.select().from(partnerProgrammes).where(inArray(partnerProgrammes.listingId, listingIds));
  return lock ? query.for('update') : query;
}

// Every column but the key and the creation time takes the file's value on a conflict.
const { listingId: _key, createdAt: _created, ...updatable } = getTableColumns(partnerProgrammes);
const fromExcluded = Object.fromEntries(Object.entries(updatable).map(([key, column]) => [key, sql.raw(`excluded."${column.name}"`)]));

/** Creates or replaces many programmes in one statement. */
export async function saveProgrammes(db: Executor, rows: NewProgramme[]) {
  if (!rows.length) return;
  await db.insert(partnerProgrammes).values(rows).onConflictDoUpdate({ target: partnerProgrammes.listingId, set: fromExcluded });
}

export async function deleteProgrammes(db: Executor, listingIds: number[]) {
  if (!listingIds.length) return;
  await db.delete(partnerProgrammes).where(inArray(partnerProgrammes.listingId, listingIds));
}

/** An administrator's change settles the provider's open proposal, as in the dialog. */
export async function deleteProposals(db: Executor, listingIds: number[]) {
  if (!listingIds.length) return;
  await db.delete(partnerProgrammeProposals).where(inArray(partnerProgrammeProposals.listingId, listingIds));
}

export async function insertChanges(db: Executor, rows: ProgrammeChange[]) {
  if (!rows.length) return;
  await db.insert(partnerProgrammeChanges).values(rows);
}

/** The cached figures of programmes whose terms stay but whose listing's price changed, in one statement. */
export async function updateCaches(db: Executor, rows: ProgrammeCaches[]) {
  if (!rows.length) return;
  const values = rows.map((row) => ({ listing_id: row.listingId, margin_percent: row.marginPercent, earnings_per_client: row.earningsPerClient, white_label_level: row.whiteLabelLevel }));
  await db.execute(sql`
    update ${partnerProgrammes} as p set
      margin_percent = v.margin_percent, earnings_per_client = v.earnings_per_client, white_label_level = v.white_label_level
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(listing_id integer, margin_percent real, earnings_per_client real, white_label_level text)
    where p.listing_id = v.listing_id`);
}
