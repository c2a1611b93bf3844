import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ImportResult } from '../../../../shared/schemas/import-export';
import { refreshListings } from './admin-keys';
import { type ImportTarget, type UploadProgress, uploadCsv } from './upload-csv';

export type ImportState =
  | { phase: 'idle' }
  /** Bytes on their way; then the server reads and checks every row (no byte count for that part). */
  | { phase: 'uploading'; dryRun: boolean; progress: UploadProgress }
  | { phase: 'processing'; dryRun: boolean }
  | { phase: 'done'; result: ImportResult };

/** One import at a time: a dry run to preview, then the real one; lists refresh after a real import. */
export function useCsvImport() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ImportState>({ phase: 'idle' });

  async function run(target: ImportTarget, file: File, dryRun: boolean): Promise<ImportResult> {
    setState({ phase: 'uploading', dryRun, progress: { loaded: 0, total: file.size } });
    try {
      const result = await uploadCsv(target, file, dryRun, (progress) =>
        setState(progress.loaded >= progress.total ? { phase: 'processing', dryRun } : { phase: 'uploading', dryRun, progress }),
      );
      setState({ phase: 'done', result });
      if (!dryRun && result.errorCount === 0) {
        void refreshListings(queryClient);
        void queryClient.invalidateQueries({ predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('/api/categories') });
      }
      return result;
    } catch (error) {
      setState({ phase: 'idle' });
      throw error;
    }
  }

  return { state, run, reset: () => setState({ phase: 'idle' }) };
}
