import { useState } from 'react';
import { Pencil, Plus, Trash2 } from '../../../components/ui/icons';
import { seoVariables, type SeoOverride } from '../../../../shared/schemas/seo';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { OVERRIDES_PAGE_SIZE, useDeleteOverride, useSeoOverrides, useSeoTemplates } from '../api/use-seo-settings';
import { usePageCount } from '../use-page-count';
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
  const [deleting, setDeleting] = useState<SeoOverride | null>(null);
  const remove = useDeleteOverride();
  const onDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: 'Override deleted' });
        setDeleting(null);
      },
      onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to delete override'), variant: 'destructive' }),
    });
  };
  return (
    <section aria-labelledby="seo-overrides" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="seo-overrides" className="text-lg font-semibold text-ink">
            Page Overrides
          </h2>
          <p className="mt-1 text-sm text-muted">A custom title or description for one page, or for every page of a type. Overrides win over templates.</p>
        </div>
        <Button onClick={() => setDialog({ open: true, override: null })}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add Override
        </Button>
      </div>
      {overrides.isLoading ? (
        <Skeleton className="h-24 w-full" />
      ) : overrides.data?.items.length === 0 ? (
        <Card className="p-10 text-center text-muted">No page overrides yet. Add one to give a page its own title or description.</Card>
      ) : (
        <ul className="space-y-3" aria-label="Page overrides">
          {overrides.data?.items.map((override) => (
            <li key={override.id}>
              <Card className="flex items-start justify-between gap-3 p-4" data-testid="seo-override">
                <div className="min-w-0 space-y-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <Badge tone="primary">{pageTypeLabels[override.pageType]}</Badge>
                    <span className="text-xs break-all text-muted">{override.entityId ? `Entity ${override.entityId}` : 'Every page of this type'}</span>
                  </p>
                  {override.title && <p className="font-medium break-words text-ink">{override.title}</p>}
                  {override.description && <p className="text-sm break-words text-muted">{override.description}</p>}
                </div>
                <div className="flex shrink-0 gap-1">
                  <Button variant="ghost" size="icon" aria-label="Edit override" onClick={() => setDialog({ open: true, override })}>
                    <Pencil className="h-4 w-4" aria-hidden="true" />
                  </Button>
                  <Button variant="ghost" size="icon" className="text-danger hover:bg-red-50" aria-label="Delete override" onClick={() => setDeleting(override)}>
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageCount={pageCount} onPageChange={setPage} label="Pages of page overrides" />
      <OverrideDialog open={dialog.open} override={dialog.override} onOpenChange={(open) => setDialog((current) => ({ ...current, open }))} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete override"
        description="The page goes back to its template or default title and description."
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={onDelete}
      />
    </section>
  );
}
