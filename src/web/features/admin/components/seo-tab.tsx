import { useState } from 'react';
import { seoVariables, type SeoOverride } from '../../../../shared/schemas/seo';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { OVERRIDES_PAGE_SIZE, useDeleteOverride, useSeoOverrides, useSeoTemplates } from '../api/use-seo-settings';
import { usePageCount } from '../use-page-count';
import { EditableListHeader, EditableRow, useConfirmedDelete } from './editable-list';
import { OverrideDialog } from './override-dialog';
import { Pager } from './pager';
import { pageTypeLabels, TemplateForm } from './template-form';

/** SEO Settings: the global templates and the page overrides, both used by the served pages. */
export function SeoTab() {
  const templates = useSeoTemplates();
  return (
    <div className="space-y-10">
      <section aria-labelledby="seo-templates" className="space-y-4">
        <div>
          <h2 id="seo-templates" className="text-lg font-semibold text-ink">
            Global Templates
          </h2>
          <p className="mt-1 text-sm text-muted">
            Variables: {seoVariables.map((name) => <code key={name} className="mr-1.5 rounded bg-slate-100 px-1 py-0.5 text-xs text-ink">{`{${name}}`}</code>)}
          </p>
        </div>
        <div className="grid gap-4 lg:grid-cols-2">
          {templates.isLoading
            ? Array.from({ length: 4 }, (_, i) => <Skeleton key={i} className="h-64 w-full" />)
            : // Keyed by the save time too: after a save or a reset the form starts from what is stored.
              templates.data?.map((template) => <TemplateForm key={`${template.pageType}-${template.updatedAt ?? 'default'}`} template={template} />)}
        </div>
      </section>
      <OverridesSection />
    </div>
  );
}

function OverridesSection() {
  const [page, setPage] = useState(1);
  const overrides = useSeoOverrides(page);
  const pageCount = usePageCount(overrides.data?.total, OVERRIDES_PAGE_SIZE, page, setPage);
  // Kept while the dialog closes, so its title does not switch during the animation.
  const [dialog, setDialog] = useState<{ open: boolean; override: SeoOverride | null }>({ open: false, override: null });
  const deletion = useConfirmedDelete<SeoOverride>(useDeleteOverride(), {
    title: 'Delete override',
    description: 'The page goes back to its template or default title and description.',
    deleted: 'Override deleted',
    failed: 'Failed to delete override',
  });
  return (
    <section aria-labelledby="seo-overrides" className="space-y-4">
      <EditableListHeader
        id="seo-overrides"
        title="Page Overrides"
        description="A custom title or description for one page, or for every page of a type. Overrides win over templates."
        addLabel="Add Override"
        onAdd={() => setDialog({ open: true, override: null })}
      />
      {overrides.isLoading ? (
        <Skeleton className="h-24 w-full" />
      ) : overrides.data?.items.length === 0 ? (
        <Card className="p-10 text-center text-muted">No page overrides yet. Add one to give a page its own title or description.</Card>
      ) : (
        <ul className="space-y-3" aria-label="Page overrides">
          {overrides.data?.items.map((override) => (
            <EditableRow key={override.id} testId="seo-override" name="override" onEdit={() => setDialog({ open: true, override })} onDelete={() => deletion.ask(override)}>
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-center gap-2">
                  <Badge tone="primary">{pageTypeLabels[override.pageType]}</Badge>
                  <span className="text-xs break-all text-muted">{override.entityId ? `Entity ${override.entityId}` : 'Every page of this type'}</span>
                </p>
                {override.title && <p className="font-medium break-words text-ink">{override.title}</p>}
                {override.description && <p className="text-sm break-words text-muted">{override.description}</p>}
              </div>
            </EditableRow>
          ))}
        </ul>
      )}
      <Pager page={page} pageCount={pageCount} onPageChange={setPage} label="Pages of page overrides" />
      <OverrideDialog open={dialog.open} override={dialog.override} onOpenChange={(open) => setDialog((current) => ({ ...current, open }))} />
      {deletion.dialog}
    </section>
  );
}
