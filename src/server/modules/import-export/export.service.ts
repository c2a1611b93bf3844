import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Database } from '../../../db/client';
import { type CategoryCsvColumn, categoryCsvColumns, type ListingCsvColumn, listingCsvColumns } from '../../../shared/schemas/import-export';
import type { ListingType } from '../../../shared/types';
import { joinList, neutralise } from './csv-cells';
import { allCategories, type ListingExportRow, listingBatch } from './export.queries';

/** Rows per query: big enough to keep round trips few, small enough that a batch is a few hundred kilobytes. */
export const EXPORT_BATCH_SIZE = 1_000;

/**
 * RFC 4180 (quotes where needed, CRLF), a byte-order mark so spreadsheet programs read UTF-8
 * accents, and every text cell neutralised against formulas.
 */
function csvStream(columns: readonly string[]) {
  return stringify({ header: true, columns: [...columns], bom: true, record_delimiter: 'windows', quoted_match: /^\s|\s$/ });
}

function listingCells(row: ListingExportRow): Record<ListingCsvColumn, string> {
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
    provider: neutralise(row.provider),
    rating: String(row.rating),
    reviewCount: String(row.reviewCount),
    viewCount: String(row.viewCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Reads the listings batch by batch, only when the reader wants more: memory stays flat however many there are. */
async function* listingRecords(db: Database, type: ListingType) {
  let afterId = 0;
  for (;;) {
    const batch = await listingBatch(db, type, afterId, EXPORT_BATCH_SIZE);
    for (const row of batch) yield listingCells(row);
    if (batch.length < EXPORT_BATCH_SIZE) return;
    afterId = batch[batch.length - 1]!.id;
  }
}

/**
 * GET /api/admin/export/listings.csv: every listing of the type, whatever its status, as a stream.
 * `pipe` carries backpressure: the generator waits while the client is slower than the database.
 */
export function exportListings(db: Database, type: ListingType): Readable {
  const csv = csvStream(listingCsvColumns);
  const source = Readable.from(listingRecords(db, type));
  source.on('error', (err) => csv.destroy(err));
  return source.pipe(csv);
}

/** GET /api/admin/export/categories.csv: few enough rows to read in one query. */
export function exportCategories(db: Database): Readable {
  const csv = csvStream(categoryCsvColumns);
  async function* records() {
    for (const row of await allCategories(db)) {
      const cells: Record<CategoryCsvColumn, string> = {
        type: row.type,
        slug: neutralise(row.slug),
        name: neutralise(row.name),
        parent: neutralise(row.parent ?? ''),
        description: neutralise(row.description ?? ''),
        icon: neutralise(row.icon ?? ''),
      };
      yield cells;
    }
  }
  const source = Readable.from(records());
  source.on('error', (err) => csv.destroy(err));
  return source.pipe(csv);
}
