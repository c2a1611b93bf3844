import { useId, useRef, useState } from 'react';
import { Download, FileUp } from '../../../components/ui/icons';
import type { ImportResult } from '../../../../shared/schemas/import-export';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { type ImportState, useCsvImport } from '../api/use-csv-import';
import type { ImportTarget } from '../api/upload-csv';
import { countOf } from '../../../../shared/plural';

const PREVIEW_ERRORS = 20;

const figures = (result: ImportResult) =>
  `${result.created.toLocaleString('en-US')} created, ${result.updated.toLocaleString('en-US')} updated, ${result.unchanged.toLocaleString('en-US')} unchanged`;

/** The ninth admin tab (docs/decisions/import-export-tab.md): CSV downloads and uploads, loaded only when opened. */
export function ImportExportTab() {
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
      <ExportCard />
      <ImportCard />
    </div>
  );
}

function ExportCard() {
  const downloads = [
    { label: 'Services', href: '/api/admin/export/listings.csv?type=services' },
    { label: 'Tools', href: '/api/admin/export/listings.csv?type=tools' },
    { label: 'Categories', href: '/api/admin/export/categories.csv' },
  ];
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold text-ink">Export</h2>
      <p className="mt-1 text-sm text-muted">Every listing of the type, whatever its status, as a CSV file that spreadsheet programs open directly.</p>
      <div className="mt-4 flex flex-col gap-2">
        {downloads.map(({ label, href }) => (
          <Button key={href} asChild variant="outline" className="justify-start">
            <a href={href} download>
              <Download className="h-4 w-4" aria-hidden="true" />
              Download {label} CSV
            </a>
          </Button>
        ))}
      </div>
    </Card>
  );
}

function ImportCard() {
  const [target, setTarget] = useState<ImportTarget>('listings');
  const [file, setFile] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const { state, run, reset } = useCsvImport();
  const busy = state.phase === 'uploading' || state.phase === 'processing';
  const fileId = useId();

  async function attempt(chosen: File, dryRun: boolean) {
    try {
      const result = await run(target, chosen, dryRun);
      if (dryRun) return;
      if (result.errorCount > 0) {
        toast({ title: 'Import failed', description: 'Nothing was imported: the file has errors.', variant: 'destructive' });
        return;
      }
      toast({ title: 'Import complete', description: figures(result) });
      setFile(null);
      if (input.current) input.current.value = '';
      reset();
    } catch (error) {
      toast({ title: 'Import failed', description: errorMessage(error, 'The file could not be imported. Please try again.'), variant: 'destructive' });
    }
  }

  function choose(chosen: File | undefined) {
    setFile(chosen ?? null);
    reset();
    if (chosen) void attempt(chosen, true);
  }

  const preview = state.phase === 'done' ? state.result : null;
  const changes = preview ? preview.created + preview.updated : 0;

  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold text-ink">Import</h2>
      <p className="mt-1 text-sm text-muted">
        A CSV file in the export&apos;s format: rows are matched by slug, new slugs are created and known ones updated. The file is checked first; nothing
        is stored until you import it, and a file with any error stores nothing.
      </p>

      <fieldset className="mt-4" disabled={busy}>
        <legend className="text-sm font-medium text-ink">The file holds</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {(['listings', 'categories'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm text-ink">
              <input
                type="radio"
                name="import-target"
                value={value}
                checked={target === value}
                onChange={() => {
                  setTarget(value);
                  setFile(null);
                  if (input.current) input.current.value = '';
                  reset();
                }}
              />
              {value === 'listings' ? 'Services and tools' : 'Categories'}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="mt-4">
        <label htmlFor={fileId} className="text-sm font-medium text-ink">
          CSV file
        </label>
        <input
          ref={input}
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          disabled={busy}
          onChange={(event) => choose(event.target.files?.[0])}
          className="mt-1 block w-full text-sm text-ink file:mr-3 file:rounded-md file:border file:border-line file:bg-surface file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-canvas"
        />
      </div>

      <Progress state={state} />

      {preview && <Preview result={preview} />}

      <div className="mt-4 flex flex-wrap gap-2">
        <Button disabled={!file || busy || !preview?.dryRun || preview.errorCount > 0 || changes === 0} onClick={() => file && void attempt(file, false)}>
          <FileUp className="h-4 w-4" aria-hidden="true" />
          Import
        </Button>
        <Button variant="outline" disabled={!file || busy} onClick={() => file && void attempt(file, true)}>
          Check again
        </Button>
      </div>
    </Card>
  );
}

function Progress({ state }: { state: ImportState }) {
  if (state.phase !== 'uploading' && state.phase !== 'processing') return null;
  const percent = state.phase === 'uploading' && state.progress.total > 0 ? Math.floor((state.progress.loaded / state.progress.total) * 100) : undefined;
  const label =
    state.phase === 'uploading' ? `Uploading… ${percent ?? 0}%` : state.dryRun ? 'Checking every row…' : 'Importing…';
  return (
    <div className="mt-4" aria-live="polite">
      <p className="mb-1 text-sm text-muted">{label}</p>
      <div
        role="progressbar"
        aria-label={state.dryRun ? 'Checking the file' : 'Importing the file'}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full bg-primary transition-[width] ${percent === undefined ? 'w-full animate-pulse' : ''}`} style={percent === undefined ? undefined : { width: `${percent}%` }} />
      </div>
    </div>
  );
}

function Preview({ result }: { result: ImportResult }) {
  if (result.errorCount === 0) {
    const nothing = result.created + result.updated === 0;
    return (
      <p className="mt-4 rounded-md bg-green-50 p-3 text-sm text-green-800" role="status">
        {nothing ? `Nothing to change: ${figures(result)}.` : `Ready to import: ${figures(result)}.`}
      </p>
    );
  }
  const shown = result.errors.slice(0, PREVIEW_ERRORS);
  return (
    <div className="mt-4" role="status">
      <p className="rounded-md bg-red-50 p-3 text-sm text-danger">
        {countOf(result.errorCount, 'error')} found. Nothing can be imported until the file is
        fixed.
      </p>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Errors in the file</caption>
          <thead className="border-b border-line text-muted">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">Row</th>
              <th scope="col" className="py-2 pr-3 font-medium">Column</th>
              <th scope="col" className="py-2 font-medium">Problem</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {shown.map((error, i) => (
              <tr key={i}>
                <td className="py-2 pr-3 tabular-nums">{error.row}</td>
                <td className="py-2 pr-3">{error.column ?? '—'}</td>
                <td className="py-2 text-ink">{error.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {result.errorCount > shown.length && <p className="mt-2 text-sm text-muted">and {(result.errorCount - shown.length).toLocaleString('en-US')} more.</p>}
    </div>
  );
}
