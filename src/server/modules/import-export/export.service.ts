import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { Database } from '../../../db/client';
import type { UserRow } from '../../../db/schema/users';
import { type CategoryCsvColumn, categoryCsvColumns, type ListingCsvColumn, listingCsvColumns } from '../../../shared/schemas/import-export';
import type { ListingType } from '../../../shared/types';
import { joinList, neutralise } from './csv-cells';
import { allCategories, type ListingExportRow, listingBatch } from './export.queries';
import { viewerRole } from '../partner-programmes/programme-json';
import { programmeCells } from './programme-cells';

/** Rows per query: big enough to keep round trips few, small enough that a batch is a few hundred kilobytes. */
export const EXPORT_BATCH_SIZE = 1_000;

/**
 * RFC 4180 (quotes where needed, CRLF), a byte-order mark so spreadsheet programs read UTF-8
 * accents, and every text cell neutralised against formulas. Each batch of rows becomes one
 * chunk of text: a chunk per row meant a socket write per row, and 100,000 of them made the
 * export of a large catalogue crawl (docs/benchmarks.md).
 */
function csvText<Column extends string>(columns: readonly Column[], rows: Record<Column, string>[], first: boolean) {
  return stringify(rows, { header: first, bom: first, columns: [...columns], record_delimiter: 'windows', quoted_match: /^\s|\s$/ });
}

type Viewer = Pick<UserRow, 'id' | 'isAdmin'> | null;

function listingCells(row: ListingExportRow, viewer: Viewer): Record<ListingCsvColumn, string> {
  return {
    id: String(row.id),
    slug: neutralise(row.slug),
    type: row.type,
    status: row.status,
    title: neutralise(row.title),
    shortDescription: neutralise(row.shortDescription ?? ''),
    description: neutralise(row.description),
    category: neutralise(row.category),
    price: row.price ?? '',
    priceType: row.priceType ?? '',
    deliveryTime: row.deliveryTime === null ? '' : String(row.deliveryTime),
    tags: neutralise(joinList(row.tags)),
    features: neutralise(joinList(row.features)),
    websiteUrl: neutralise(row.websiteUrl ?? ''),
    isFeatured: String(row.isFeatured),
    provider: neutralise(row.provider ?? ''),
    rating: String(row.rating),
    reviewCount: String(row.reviewCount),
    viewCount: String(row.viewCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...programmeCells(row.programme, viewerRole(viewer, row)),
  };
}

/** Reads the listings batch by batch, only when the reader wants more: memory stays flat however many there are. */
async function* listingCsv(db: Database, type: ListingType, viewer: Viewer) {
  yield csvText(listingCsvColumns, [], true);
  let afterId = 0;
  for (;;) {
    const batch = await listingBatch(db, type, afterId, EXPORT_BATCH_SIZE);
    if (batch.length > 0) yield csvText(listingCsvColumns, batch.map((row) => listingCells(row, viewer)), false);
    if (batch.length < EXPORT_BATCH_SIZE) return;
    afterId = batch[batch.length - 1]!.id;
  }
}

/**
 * GET /api/admin/export/listings.csv: every listing of the type, whatever its status, as a stream.
 * The stream carries backpressure: the generator waits while the client is slower than the database.
 * Partner programmes' numbers are those `viewer` may see on the site (the route's viewers are
 * administrators, who see them all; the rule is applied here all the same, per row).
 */
export function exportListings(db: Database, type: ListingType, viewer: Viewer): Readable {
  return Readable.from(listingCsv(db, type, viewer), { objectMode: false });
}

/** GET /api/admin/export/categories.csv: few enough rows to read in one query. */
export function exportCategories(db: Database): Readable {
  async function* categoryCsv() {
    const cells = (await allCategories(db)).map(
      (row): Record<CategoryCsvColumn, string> => ({
        type: row.type,
        slug: neutralise(row.slug),
        name: neutralise(row.name),
        parent: neutralise(row.parent ?? ''),
        description: neutralise(row.description ?? ''),
        icon: neutralise(row.icon ?? ''),
      }),
    );
    yield csvText(categoryCsvColumns, cells, true);
  }
  return Readable.from(categoryCsv(), { objectMode: false });
}
