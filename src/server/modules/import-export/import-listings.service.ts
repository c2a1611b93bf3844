import type { Database, Executor } from '../../../db/client';
import { type PricedListing, programmeCaches } from '../../../db/partner-programme-caches';
import { type ProgrammeRow, rowToTerms, sameTerms, termsToColumns } from '../../../db/partner-programme-terms';
import { type ListingCsvColumn, listingCsvColumns, programmeCsvColumns, requiredListingColumns } from '../../../shared/schemas/import-export';
import { partnerProgrammeSchema, programmeListingIssues, type PartnerProgrammeTerms } from '../../../shared/schemas/partner-programme';
import { listingSchemaFor, type ListingPayload, toListingFields } from '../../../shared/schemas/listing';
import { slugPattern } from '../../../shared/slug';
import type { ListingStatus, ListingType } from '../../../shared/types';
import { ListingNoun, listingNoun } from '../../../shared/listing-type';
import { recordAudit } from '../audit/audit.queries';
import { deleteScreenshots } from '../screenshots/screenshots.queries';
import type { ScreenshotJob } from '../screenshots/screenshots.service';
import type { UserRow } from '../users/users.queries';
import { splitList } from './csv-cells';
import { type CsvRow, readCsv } from './csv-reader';
import { ImportErrors } from './import-errors';
import { runImport, type ImportOutcome } from './import-run';
import {
  deleteProgrammes,
  deleteProposals,
  findProgrammes,
  insertChanges,
  type NewProgramme,
  type ProgrammeCaches,
  type ProgrammeChange,
  saveProgrammes,
  updateCaches,
} from './import-programmes.queries';
import { programmeColumnOfField, programmeInput } from './programme-cells';
import {
  allCategoryKeys,
  type ExistingListing,
  findListingsBySlug,
  findUsersByEmail,
  insertListings,
  type ListingUpdate,
  type NewListing,
  updateListings,
} from './import-listings.queries';

type Row = CsvRow<ListingCsvColumn>;
/** A programme the import creates, changes or removes (after: null), on the listing of that slug. */
type ProgrammeWrite = { slug: string; before: PartnerProgrammeTerms | null; after: PartnerProgrammeTerms | null; priced: PricedListing };
type Account = { id: string; email: string; canOwn: boolean };

/**
 * Tools whose website is new or changed get a screenshot after the commit, up to this many; the
 * job takes seconds each, and the rest are picked up when the server next starts
 * (resumeScreenshots), as after any restart.
 */
const SCREENSHOTS_AFTER_IMPORT = 100;

const statuses: ListingStatus[] = ['approved', 'pending', 'rejected'];
const SLUG_MAX = 100;

/** The schema's field names where they differ from the file's column names. */
const columnOfField: Record<string, ListingCsvColumn> = { categoryId: 'category', providerId: 'provider' };

/** What the import needs to know about every category, read once. */
async function categoryIndex(db: Executor) {
  const byKey = new Map<string, number>();
  const typesOfSlug = new Map<string, ListingType>();
  for (const c of await allCategoryKeys(db)) {
    byKey.set(`${c.type}:${c.slug}`, c.id);
    typesOfSlug.set(c.slug, c.type);
  }
  return { byKey, typesOfSlug };
}

function parseBoolean(cell: string): boolean | null {
  const value = cell.trim().toLowerCase();
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  return null;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, i) => item === b[i]);

function isUnchanged(current: ExistingListing, next: ListingUpdate) {
  return (
    current.title === next.title &&
    current.description === next.description &&
    current.shortDescription === next.shortDescription &&
    current.categoryId === next.categoryId &&
    current.price === next.price &&
    current.priceType === next.priceType &&
    current.deliveryTime === next.deliveryTime &&
    sameList(current.tags, next.tags) &&
    sameList(current.features, next.features) &&
    current.websiteUrl === next.websiteUrl &&
    current.featuredByEditor === next.isFeatured &&
    current.status === next.status &&
    current.providerId === next.providerId
  );
}

/**
 * One batch of rows: checked by the listing dialog's schema and the admin listing rules (category of
 * the listing's type, provider allowed to own listings), matched by type and slug, and written
 * unless the import is a dry run or has found errors.
 */
class ListingImport {
  readonly errors = new ImportErrors();
  readonly counts = { created: 0, updated: 0, unchanged: 0 };
  /** Programmes created, changed or removed, for the audit entry. */
  programmesChanged = 0;
  readonly screenshots: ScreenshotJob[] = [];
  private readonly firstRowOfSlug = new Map<string, number>();
  private readonly accounts = new Map<string, Account | null>();
  private categories!: Awaited<ReturnType<typeof categoryIndex>>;

  constructor(
    private readonly tx: Executor,
    private readonly admin: UserRow,
    private readonly write: boolean,
  ) {}

  async start() {
    this.categories = await categoryIndex(this.tx);
  }

  async batch(rows: Row[]) {
    for (const type of ['services', 'tools'] as const) {
      const ofType = rows.filter((row) => row.cells.type?.trim() === type);
      if (ofType.length) await this.batchOfType(type, ofType);
    }
    for (const row of rows) {
      const type = row.cells.type?.trim() ?? '';
      if (type !== 'services' && type !== 'tools') this.errors.add(row.row, 'type', 'Type must be services or tools');
    }
  }

  private async batchOfType(type: ListingType, rows: Row[]) {
    const keyed = rows.filter((row) => this.checkSlug(type, row));
    const slugs = keyed.map((row) => row.cells.slug!.trim());
    const existing = new Map(slugs.length ? (await findListingsBySlug(this.tx, type, slugs, this.write)).map((l) => [l.slug, l]) : []);
    const programmes = new Map<number, ProgrammeRow>((await findProgrammes(this.tx, [...existing.values()].map((l) => l.id), this.write)).map((p) => [p.listingId, p]));
    await this.loadAccounts(keyed);

    const inserts: NewListing[] = [];
    const updates: ListingUpdate[] = [];
    const oldScreenshots: (string | null | undefined)[] = [];
    const newAddresses: (ScreenshotJob & { slug: string })[] = [];
    const programmeWrites: ProgrammeWrite[] = [];
    const caches: ProgrammeCaches[] = [];
    for (const row of keyed) {
      const slug = row.cells.slug!.trim();
      const current = existing.get(slug);
      const live = current ? programmes.get(current.id) : undefined;
      const liveTerms = live ? rowToTerms(live) : null;
      const next = this.toListing(type, row, current);
      const programme = this.toProgramme(row, liveTerms);
      if (!next || programme === undefined) continue;
      if (programme && !this.fitsListing(row, next.priceType, programme)) continue;
      const programmeChanged = !sameTerms(liveTerms, programme);
      if (!current) {
        this.counts.created++;
        inserts.push({ ...next, id: undefined, type, slug });
      } else {
        const listingChanged = !isUnchanged(current, { ...next, id: current.id });
        if (!listingChanged && !programmeChanged) {
          this.counts.unchanged++;
          continue;
        }
        this.counts.updated++;
        if (listingChanged) {
          updates.push({ ...next, id: current.id });
          const urlChanged = next.websiteUrl !== current.websiteUrl;
          oldScreenshots.push(urlChanged ? current.screenshotUrl : null, current.pendingChanges?.screenshotUrl);
        }
      }
      const priced = { price: next.price, priceType: next.priceType };
      if (programmeChanged) {
        programmeWrites.push({ slug, before: liveTerms, after: programme, priced });
      } else if (programme && current && (current.price !== next.price || current.priceType !== next.priceType)) {
        // The terms stay, but figures derived from the listing's price (the retail price when none is suggested) move with it.
        caches.push({ listingId: current.id, ...programmeCaches(programme, priced) });
      }
      if (type === 'tools' && next.websiteUrl && next.websiteUrl !== current?.websiteUrl) {
        newAddresses.push({ listingId: current?.id ?? 0, slug, url: next.websiteUrl, title: next.title, ownerId: next.providerId });
      }
    }
    // Once any row is wrong nothing will be stored, so the writes stop; the checks go on to find every error.
    if (!this.write || this.errors.any) return;
    const inserted = new Map((await insertListings(this.tx, inserts)).map((row) => [row.slug, row.id]));
    await updateListings(this.tx, updates);
    await this.writeProgrammes(programmeWrites, (slug) => existing.get(slug)?.id ?? inserted.get(slug)!);
    await updateCaches(this.tx, caches);
    await deleteScreenshots(this.tx, oldScreenshots);
    for (const { slug, ...job } of newAddresses) {
      if (this.screenshots.length >= SCREENSHOTS_AFTER_IMPORT) break;
      this.screenshots.push({ ...job, listingId: job.listingId || inserted.get(slug)! });
    }
  }

  /**
   * The batch's changed programmes, written as an administrator's change in the dialog is: at
   * once, logged with the old and new terms, the verification cleared (it vouched for the old
   * terms) and the provider's open proposal settled.
   */
  private async writeProgrammes(writes: ProgrammeWrite[], idOf: (slug: string) => number) {
    if (!writes.length) return;
    const saved: NewProgramme[] = [];
    const removed: number[] = [];
    const changes: ProgrammeChange[] = [];
    for (const write of writes) {
      const listingId = idOf(write.slug);
      if (write.after) {
        saved.push({ listingId, ...termsToColumns(write.after), ...programmeCaches(write.after, write.priced), verifiedAt: null, verificationSource: null, updatedAt: new Date() });
      } else {
        removed.push(listingId);
      }
      changes.push({ listingId, oldTerms: write.before, newTerms: write.after, changedBy: this.admin.id });
    }
    await saveProgrammes(this.tx, saved);
    await deleteProgrammes(this.tx, removed);
    await insertChanges(this.tx, changes);
    await deleteProposals(this.tx, changes.map((change) => change.listingId));
    this.programmesChanged += writes.length;
  }

  /**
   * The listing's programme after this row (null: none), checked by the programme schema of the
   * dialog and the API; undefined when the row's programme cells are wrong (their errors recorded).
   */
  private toProgramme(row: Row, live: PartnerProgrammeTerms | null): PartnerProgrammeTerms | null | undefined {
    const said = programmeInput(row.cells, live);
    if (said.kind === 'keep') return live;
    if (said.kind === 'none') return null;
    const parsed = partnerProgrammeSchema.safeParse(said.input);
    if (parsed.success) return parsed.data;
    this.reportIssues(row, parsed.error.issues, (field) => programmeColumnOfField[field] ?? null);
    return undefined;
  }

  /** The dialog's and the API's rule between the listing and its programme, on the programme's column. */
  private fitsListing(row: Row, priceType: ListingUpdate['priceType'], programme: PartnerProgrammeTerms): boolean {
    const issues = programmeListingIssues(priceType, programme);
    this.reportIssues(row, issues, (field) => programmeColumnOfField[field] ?? null);
    return issues.length === 0;
  }

  /** The first problem of each field, as the dialog shows it under the field, on the field's column. */
  private reportIssues(row: Row, issues: readonly { path: readonly PropertyKey[]; message: string }[], columnOf: (field: string) => string | null) {
    const reported = new Set<string>();
    for (const issue of issues) {
      const field = String(issue.path[0] ?? '');
      if (reported.has(field)) continue;
      reported.add(field);
      this.errors.add(row.row, columnOf(field), issue.message);
    }
  }

  /** A usable, unique slug; duplicates inside the file are errors on every later row. */
  private checkSlug(type: ListingType, row: Row): boolean {
    const slug = row.cells.slug?.trim() ?? '';
    if (!slug) return this.fail(row, 'slug', 'Slug is required');
    if (slug.length > SLUG_MAX || !slugPattern.test(slug) || /^\d+$/.test(slug)) {
      return this.fail(row, 'slug', `Slug can only contain lowercase letters, numbers, and hyphens (not only numbers), at most ${SLUG_MAX} characters`);
    }
    const first = this.firstRowOfSlug.get(`${type}:${slug}`);
    if (first !== undefined) return this.fail(row, 'slug', `Duplicate slug "${slug}": row ${first} has it too`);
    this.firstRowOfSlug.set(`${type}:${slug}`, row.row);
    return true;
  }

  private fail(row: Row, column: string | null, message: string): false {
    this.errors.add(row.row, column, message);
    return false;
  }

  private async loadAccounts(rows: Row[]) {
    const wanted = [...new Set(rows.map((row) => row.cells.provider?.trim().toLowerCase() ?? '').filter((email) => email && !this.accounts.has(email)))];
    if (!wanted.length) return;
    for (const email of wanted) this.accounts.set(email, null);
    for (const user of await findUsersByEmail(this.tx, wanted)) {
      this.accounts.set(user.email.toLowerCase(), { id: user.id, email: user.email, canOwn: user.isProvider || user.isAdmin });
    }
  }

  /** The listing a row describes (missing columns keep the current values), or null with its errors recorded. */
  private toListing(type: ListingType, row: Row, current: ExistingListing | undefined): Omit<ListingUpdate, 'id'> | null {
    const { cells } = row;
    const before = this.errors.count;
    const has = (column: ListingCsvColumn) => cells[column] !== undefined;

    const categorySlug = cells.category!.trim();
    const categoryId = this.categories.byKey.get(`${type}:${categorySlug}`);
    if (categoryId === undefined) {
      const otherType = this.categories.typesOfSlug.get(categorySlug);
      this.errors.add(
        row.row,
        'category',
        otherType ? `Please choose a ${listingNoun(type)} category: "${categorySlug}" is a ${listingNoun(otherType)} category` : categorySlug ? `Unknown category "${categorySlug}"` : 'Category is required',
      );
    }

    for (const column of (type === 'tools' ? ['priceType', 'deliveryTime'] : ['websiteUrl']) as ListingCsvColumn[]) {
      if (cells[column]?.trim()) this.errors.add(row.row, column, `${ListingNoun(type)}s have no ${column}: leave it empty`);
    }

    let status = current?.status ?? 'approved';
    const statusCell = cells.status?.trim() ?? '';
    if (statusCell) {
      if (statuses.includes(statusCell as ListingStatus)) status = statusCell as ListingStatus;
      else this.errors.add(row.row, 'status', 'Status must be approved, pending or rejected');
    }

    // The CSV's isFeatured is the editors' pick; a listing filling a featured slot stays shown as featured.
    let isFeatured = current?.featuredByEditor ?? false;
    if (has('isFeatured')) {
      const parsed = parseBoolean(cells.isFeatured!);
      if (parsed === null) this.errors.add(row.row, 'isFeatured', 'isFeatured must be true or false');
      else isFeatured = parsed;
    }

    let providerId = current ? current.providerId : this.admin.id;
    const email = cells.provider?.trim() ?? '';
    // An unclaimed listing (its provider cell exported empty) passes to a provider only by a claim
    // of its company (docs/decisions/listing-claims.md).
    if (current && current.providerId === null) {
      if (email) this.errors.add(row.row, 'provider', 'This listing is unclaimed: only a claim of its company gives it a provider');
    } else if (email) {
      const account = this.accounts.get(email.toLowerCase());
      if (!account) this.errors.add(row.row, 'provider', `Provider not found: no account has the e-mail ${email}`);
      // As in the dialog, only a change of owner is checked: an owner who stopped being a provider may keep a listing.
      else if (account.id !== current?.providerId && !account.canOwn) this.errors.add(row.row, 'provider', `${account.email} is not a provider, so cannot own listings`);
      else providerId = account.id;
    }

    const input = {
      title: has('title') ? cells.title : current?.title,
      description: has('description') ? cells.description : current?.description,
      shortDescription: has('shortDescription') ? cells.shortDescription : current?.shortDescription,
      // A missing category is already reported; any id lets the schema check the other fields.
      categoryId: categoryId ?? 1,
      price: has('price') ? cells.price : current?.price,
      tags: has('tags') ? splitList(cells.tags!) : current?.tags,
      features: has('features') ? splitList(cells.features!) : current?.features,
      priceType: has('priceType') ? cells.priceType!.trim() : current?.priceType,
      deliveryTime: has('deliveryTime') ? cells.deliveryTime : current?.deliveryTime,
      websiteUrl: has('websiteUrl') ? cells.websiteUrl : current?.websiteUrl,
    };
    const parsed = listingSchemaFor(type).safeParse(input);
    if (!parsed.success) this.reportIssues(row, parsed.error.issues, (field) => columnOfField[field] ?? (field || null));
    if (!parsed.success || this.errors.count !== before) return null;
    const fields = toListingFields(parsed.data as ListingPayload);
    return {
      ...fields,
      ...(type === 'tools' ? { priceType: null, deliveryTime: null } : { websiteUrl: null }),
      isFeatured,
      status,
      providerId,
    };
  }
}

/**
 * POST /api/admin/import/listings. All rows are checked; a real import without errors is written in
 * one transaction with one audit entry, and anything else (a dry run, an error) stores nothing.
 */
export async function importListings(db: Database, admin: UserRow, body: Buffer, dryRun: boolean): Promise<ImportOutcome & { screenshots: ScreenshotJob[] }> {
  let screenshots: ScreenshotJob[] = [];
  const outcome = await runImport(db, dryRun, async (tx) => {
    const run = new ListingImport(tx, admin, !dryRun);
    await run.start();
    let rows = 0;
    const spec = { columns: listingCsvColumns, required: requiredListingColumns, leads: [{ lead: 'programmeTypes' as const, group: programmeCsvColumns }] };
    for await (const batch of readCsv(body, spec, run.errors)) {
      rows += batch.length;
      await run.batch(batch);
    }
    if (!dryRun && !run.errors.any) {
      await recordAudit(tx, { actorId: admin.id, action: 'listing.import', entityType: 'listing', details: { ...run.counts, rows, programmesChanged: run.programmesChanged } });
    }
    screenshots = run.screenshots;
    return { counts: run.counts, errors: run.errors };
  });
  return { ...outcome, screenshots: outcome.stored ? screenshots : [] };
}
