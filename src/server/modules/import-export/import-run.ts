import type { Database, Transaction } from '../../../db/client';
import type { ImportResult } from '../../../shared/schemas/import-export';
import type { ImportErrors } from './import-errors';

export type ImportCounts = { created: number; updated: number; unchanged: number };
export type ImportOutcome = { result: ImportResult; stored: boolean };

/** Thrown to roll the transaction back once the figures are known: a dry run, or a file with errors. */
class NothingStored extends Error {}

/**
 * Runs an import in one transaction and keeps it only when it is real and error-free, so a dry run
 * and a refused import answer exactly the figures the real one would have.
 */
export async function runImport(
  db: Database,
  dryRun: boolean,
  work: (tx: Transaction) => Promise<{ counts: ImportCounts; errors: ImportErrors }>,
): Promise<ImportOutcome> {
  let outcome: { counts: ImportCounts; errors: ImportErrors } | undefined;
  try {
    await db.transaction(async (tx) => {
      outcome = await work(tx);
      if (dryRun || outcome.errors.any) throw new NothingStored();
    });
  } catch (err) {
    if (!(err instanceof NothingStored)) throw err;
  }
  const { counts, errors } = outcome!;
  return {
    result: { ...counts, errors: errors.list.sort((a, b) => a.row - b.row), errorCount: errors.count, dryRun },
    stored: !dryRun && !errors.any,
  };
}
