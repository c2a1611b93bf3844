import { getTableColumns } from 'drizzle-orm';
import { listings } from './schema/listings';

const {
  searchVector: _searchVector,
  programmeTypes: _types,
  programmeVisibility: _visibility,
  programmeWhiteLabelLevel: _whiteLabel,
  programmeMarginPercent: _margin,
  programmeEarningsPerClient: _earnings,
  programmeCommitmentMonths: _commitment,
  programmeBillingModel: _billing,
  programmeTrial: _trial,
  programmeTerritories: _territories,
  programmeVerifiedAt: _verified,
  ...rowColumns
} = getTableColumns(listings);

/**
 * The columns a listing is read with: all but its search vector and the copies of its programme
 * (listings.programme_*), which only the catalogue's filters read and
 * which no answer may carry (a margin the viewer may not see would travel with the row).
 */
export const listingRowColumns = rowColumns;

type Listing = typeof listings.$inferSelect;
/** A listing as read (listingRowColumns). */
export type ListingRow = Omit<Listing, 'searchVector' | Extract<keyof Listing, `programme${string}`>>;
