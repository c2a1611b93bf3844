import { IMPORT_MAX_REPORTED_ERRORS, type ImportError } from '../../../shared/schemas/import-export';

/** The errors an import finds: all are counted, the first few hundred are kept for the answer. */
export class ImportErrors {
  readonly list: ImportError[] = [];
  count = 0;

  add(row: number, column: string | null, message: string) {
    this.count++;
    if (this.list.length < IMPORT_MAX_REPORTED_ERRORS) this.list.push({ row, column, message });
  }

  get any() {
    return this.count > 0;
  }
}
