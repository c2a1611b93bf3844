import type { ProgrammeRow } from '../../../db/partner-programme-terms';
import { type ProgrammeCsvColumn, programmeCsvColumns, programmeCsvFields } from '../../../shared/schemas/import-export';
import type { PartnerProgrammeInput, PartnerProgrammeTerms } from '../../../shared/schemas/partner-programme';
import { type ProgrammeViewerRole, termsAsSeen } from '../partner-programmes/programme-json';
import { joinList, neutralise, splitList } from './csv-cells';

/**
 * A listing's partner programme as cells of the listings file and back (docs/import-format.md).
 * The cells carry the programme schema's own values; the schema (src/shared/schemas/partner-programme.ts)
 * is what checks them on import.
 */

export type ProgrammeExportColumn = ProgrammeCsvColumn | 'programmeVerifiedAt' | 'programmeVerificationSource';

const LIST_FIELDS = new Set<string>(['types', 'whiteLabel']);
const BOOLEAN_FIELDS = new Set<string>(['autoRenew', 'demoAccount']);

function cellOf(field: keyof PartnerProgrammeTerms, value: PartnerProgrammeTerms[keyof PartnerProgrammeTerms]): string {
  if (value === null) return '';
  // Territories: an empty list is everywhere, written as the word the form and the schema take for it.
  if (Array.isArray(value)) return field === 'territories' && value.length === 0 ? 'worldwide' : neutralise(joinList(value));
  return neutralise(String(value));
}

/**
 * The programme's cells as `role` may see them: the numbers pass through the same rule as the
 * programme's JSON answers (seesNumbers), so a file never holds an amount its reader could not
 * see on the site. No programme: every cell empty.
 */
export function programmeCells(row: ProgrammeRow | null, role: ProgrammeViewerRole): Record<ProgrammeExportColumn, string> {
  const cells = Object.fromEntries(programmeCsvColumns.map((column) => [column, ''])) as Record<ProgrammeExportColumn, string>;
  cells.programmeVerifiedAt = '';
  cells.programmeVerificationSource = '';
  if (!row) return cells;
  const terms = termsAsSeen(row, role);
  for (const column of programmeCsvColumns) {
    const field = programmeCsvFields[column];
    cells[column] = cellOf(field, terms[field]);
  }
  if (role === 'admin') {
    cells.programmeVerifiedAt = row.verifiedAt?.toISOString().slice(0, 10) ?? '';
    cells.programmeVerificationSource = row.verificationSource ?? '';
  }
  return cells;
}

function inputValue(field: string, cell: string): unknown {
  const text = cell.trim();
  // Blank is "none" (or the field's default): the schema treats a missing value that way.
  if (text === '') return undefined;
  if (LIST_FIELDS.has(field)) return splitList(text).map((item) => item.trim()).filter(Boolean);
  if (BOOLEAN_FIELDS.has(field)) {
    const word = text.toLowerCase();
    if (word === 'true' || word === 'yes') return true;
    if (word === 'false' || word === 'no') return false;
  }
  return text;
}

/**
 * What a row says of the listing's programme, for the schema to check: `keep` when the file has no
 * programme column (the programme stays as it is), `none` when every programme cell of the row is
 * empty, else the input. A programme column the file leaves out keeps the current programme's value.
 */
export function programmeInput(
  cells: Partial<Record<string, string>>,
  current: PartnerProgrammeTerms | null,
): { kind: 'keep' } | { kind: 'none' } | { kind: 'terms'; input: PartnerProgrammeInput } {
  const present = programmeCsvColumns.filter((column) => cells[column] !== undefined);
  if (present.length === 0) return { kind: 'keep' };
  if (present.every((column) => cells[column]!.trim() === '')) return { kind: 'none' };
  const input: Record<string, unknown> = {};
  for (const column of programmeCsvColumns) {
    const field = programmeCsvFields[column];
    const cell = cells[column];
    input[field] = cell === undefined ? current?.[field] : inputValue(field, cell);
  }
  return { kind: 'terms', input: input as PartnerProgrammeInput };
}

/** The file's column for a field of the programme schema, to report its problems where they are. */
export const programmeColumnOfField: Record<string, ProgrammeCsvColumn> = Object.fromEntries(
  programmeCsvColumns.map((column) => [programmeCsvFields[column], column]),
);
