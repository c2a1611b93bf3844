import type { Database } from '../../../db/client';
import type { SearchSynonymRow } from '../../../db/schema/search-synonyms';
import type { SearchSynonym, SearchSynonymFields } from '../../../shared/schemas/search-synonym';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/audit.queries';
import type { UserRow } from '../users/users.queries';
import * as queries from './search-synonyms.queries';

/**
 * The synonyms search expands words with (docs/decisions/search.md, "Synonyms"). A write is
 * announced to every server by the table's trigger (migration 0039), and each forgets what it
 * learnt of search words (listings.routes.ts), so the next search on any server uses it.
 */
const synonymJson = (row: SearchSynonymRow): SearchSynonym => ({ id: row.id, from: row.fromTerm, terms: row.terms, updatedAt: row.updatedAt.toISOString() });

const taken = (from: string) => AppError.conflict(`"${from}" already has one-way synonyms: edit that row`);

export async function listSynonyms(db: Database): Promise<SearchSynonym[]> {
  return (await queries.listSynonyms(db)).map(synonymJson);
}

export async function createSynonym(db: Database, admin: UserRow, fields: SearchSynonymFields): Promise<SearchSynonym> {
  return db.transaction(async (tx) => {
    if (fields.from !== null && (await queries.findOneWayFrom(tx, fields.from))) throw taken(fields.from);
    const row = await queries.insertSynonym(tx, fields);
    await recordAudit(tx, { actorId: admin.id, action: 'search.synonym.create', entityType: 'search_synonym', entityId: row.id, details: fields });
    return synonymJson(row);
  });
}

export async function updateSynonym(db: Database, admin: UserRow, id: number, fields: SearchSynonymFields): Promise<SearchSynonym> {
  return db.transaction(async (tx) => {
    if (fields.from !== null && (await queries.findOneWayFrom(tx, fields.from, id))) throw taken(fields.from);
    const row = await queries.updateSynonym(tx, id, fields);
    if (!row) throw AppError.notFound('Synonym not found');
    await recordAudit(tx, { actorId: admin.id, action: 'search.synonym.update', entityType: 'search_synonym', entityId: id, details: fields });
    return synonymJson(row);
  });
}

export async function deleteSynonym(db: Database, admin: UserRow, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await queries.deleteSynonym(tx, id);
    if (!row) throw AppError.notFound('Synonym not found');
    await recordAudit(tx, { actorId: admin.id, action: 'search.synonym.delete', entityType: 'search_synonym', entityId: id, details: { from: row.fromTerm, terms: row.terms } });
  });
}
