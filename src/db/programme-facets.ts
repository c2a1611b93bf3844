import { marginFloors, programmeTypes, type ProgrammeType, type TermsVisibility } from '../shared/partner-programme-values';

/**
 * The partner-programme terms a catalogue filter tests, as the words of a text-search vector
 * (listings.programme_facets), so that the full-text indexes hold them beside a listing's words
 * and a search under these filters finds its matches in the index alone
 * (docs/decisions/partner-programme-filters.md, "Terms in the full-text indexes"). Each word says
 * one term in the same lowercase words as the API; the territories are the upper-case country
 * codes themselves, which no other word is.
 */

const whiteLabelPrefix = 'white_label_';
const billingPrefix = 'billing_';
const marginPrefix = 'margin_';

export const facet = {
  type: (type: ProgrammeType) => `type_${type}`,
  whiteLabel: (level: 'full' | 'partial') => whiteLabelPrefix + level,
  monthToMonth: 'month_to_month',
  billing: (model: string) => billingPrefix + model,
  trial: 'trial',
  verified: 'verified',
  worldwide: 'worldwide',
  territory: (code: string) => code,
  /** A margin of at least `floor` %, whose numbers `visibility`'s viewers see. */
  margin: (visibility: TermsVisibility, floor: number) => `${marginPrefix}${visibility}_${floor}`,
};

/**
 * The generated column's expression, from the copies of the programme on the listing's row (null
 * without a programme). Only values a listing holds become words: a word per type, the
 * territories (or "worldwide"), the white-label level, a commitment of none, the billing model, a
 * trial, a verification, and a word per margin floor the margin reaches, with the visibility of
 * its numbers.
 */
export const programmeFacetsExpression = `case when "programme_types" is not null then
  array_to_tsvector("programme_territories") || array_to_tsvector(array_remove(array[
    ${programmeTypes.map((type) => `case when '${type}' = any("programme_types") then '${facet.type(type)}' end`).join(',\n    ')},
    case when "programme_territories" = '{}'::text[] then '${facet.worldwide}' end,
    '${whiteLabelPrefix}' || "programme_white_label_level",
    case when "programme_commitment_months" = 0 then '${facet.monthToMonth}' end,
    '${billingPrefix}' || "programme_billing_model",
    case when "programme_trial" then '${facet.trial}' end,
    case when "programme_verified_at" is not null then '${facet.verified}' end,
    ${marginFloors.map((floor) => `case when "programme_margin_percent" >= ${floor} then '${marginPrefix}' || "programme_visibility" || '_${floor}' end`).join(',\n    ')}
  ], null)) end`;
