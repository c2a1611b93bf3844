import type { ListingType } from '../types';
import { listingSchemaFor } from './listing';
import { programmeListingIssues, programmeSectionSchema } from './partner-programme';

/**
 * The listing dialog: the listing's fields and its "Partner programme" section, with the rule
 * between them (the listing's price type against the programme's billing period) on the
 * section's field. The routes check the same rule against the stored listing.
 */
export function listingWithProgrammeSchema(type: ListingType) {
  return listingSchemaFor(type)
    .extend({ partner: programmeSectionSchema })
    .superRefine((value, ctx) => {
      if (!value.partner || !('priceType' in value)) return;
      for (const issue of programmeListingIssues(value.priceType, value.partner)) ctx.addIssue({ code: 'custom', path: ['partner', ...issue.path], message: issue.message });
    });
}
