import { useState } from 'react';
import { Pencil, Plus, Trash2 } from '../../../components/ui/icons';
import type { Category, ListingType } from '../../../../shared/types';
import { CategoryIcon } from '../../../components/category-icon';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useAdminCategories, useDeleteCategory } from '../api/use-admin-categories';
import { CategoryFormDialog } from './category-form-dialog';
import type { RichTextEditorComponent } from './rich-text-editor-type';

/** Categories: services and tools sub-tabs of top-level cards with their subcategories. */
export function CategoriesTab({ editor }: { editor: RichTextEditorComponent }) {
  const [type, setType] = useState<ListingType>('services');
  const [dialog, setDialog] = useState<{ category: Category | null } | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const remove = useDeleteCategory();

  const onDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: 'Category deleted successfully' });
        setDeleting(null);
      },
      onError: (error) => {
        toast({ title: 'Error', description: errorMessage(error, 'Failed to delete category'), variant: 'destructive' });
        setDeleting(null);
      },
    });
  };

  return (
    <Tabs value={type} onValueChange={(value) => setType(value as ListingType)}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <TabsList>
          <TabsTrigger value="services">Services Categories</TabsTrigger>
          <TabsTrigger value="tools">Tools Categories</TabsTrigger>
        </TabsList>
        <Button onClick={() => setDialog({ category: null })}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add Category
        </Button>
      </div>
      {(['services', 'tools'] as const).map((tab) => (
        <TabsContent key={tab} value={tab}>
          <CategoryCards type={tab} onEdit={(category) => setDialog({ category })} onDelete={setDeleting} />
        </TabsContent>
      ))}
      {dialog && (
        <CategoryFormDialog open onOpenChange={(open) => !open && setDialog(null)} category={dialog.category} defaultType={type} editor={editor} />
      )}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete category"
        description="Are you sure you want to delete this category? This action cannot be undone."
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        destructive
        pending={remove.isPending}
        onConfirm={onDelete}
      />
    </Tabs>
  );
}

// The Button sizes are too large beside a subcategory's name; these stay reachable by keyboard and touch.
const smallIconButton =
  'inline-flex h-8 w-8 cursor-pointer items-center justify-center rounded-md focus-visible:outline-2 focus-visible:outline-primary';

type CardsProps = { type: ListingType; onEdit: (category: Category) => void; onDelete: (category: Category) => void };

function CategoryCards({ type, onEdit, onDelete }: CardsProps) {
  const categories = useAdminCategories(type);
  if (categories.isLoading) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-40 w-full" />
        ))}
      </div>
    );
  }
  const all = categories.data ?? [];
  const topLevel = all.filter((category) => category.parentId === null);
  if (topLevel.length === 0) {
    return <Card className="p-10 text-center text-muted">No {type === 'tools' ? 'tool' : 'service'} categories yet. Add the first one.</Card>;
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {topLevel.map((category) => {
        const children = all.filter((child) => child.parentId === category.id);
        return (
          <Card key={category.id} className="flex flex-col p-5" data-testid="admin-category" aria-label={category.name}>
            <div className="flex items-start gap-3">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
                <CategoryIcon name={category.icon} className="h-5 w-5" />
              </span>
              <div className="min-w-0 flex-1">
                <h2 className="font-semibold break-words text-ink">{category.name}</h2>
                <p className="text-xs text-muted">/{category.slug}</p>
              </div>
              <div className="flex shrink-0">
                <Button variant="ghost" size="icon" aria-label={`Edit ${category.name}`} onClick={() => onEdit(category)}>
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                </Button>
                <Button variant="ghost" size="icon" className="text-danger hover:bg-red-50" aria-label={`Delete ${category.name}`} onClick={() => onDelete(category)}>
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </Button>
              </div>
            </div>
            {category.description && <p className="mt-3 line-clamp-3 text-sm text-muted">{category.description}</p>}
            {children.length > 0 && (
              <ul className="mt-3 space-y-1 border-t border-line pt-3">
                {children.map((child) => (
                  <li key={child.id} className="flex items-center justify-between gap-2 text-sm text-ink">
                    <span className="flex min-w-0 items-center gap-2">
                      <span className="h-1.5 w-1.5 shrink-0 rounded-full bg-primary" aria-hidden="true" />
                      <span className="truncate">{child.name}</span>
                    </span>
                    <span className="flex shrink-0">
                      <button type="button" className={`${smallIconButton} text-muted hover:bg-canvas hover:text-ink`} aria-label={`Edit ${child.name}`} onClick={() => onEdit(child)}>
                        <Pencil className="h-3.5 w-3.5" aria-hidden="true" />
                      </button>
                      <button type="button" className={`${smallIconButton} text-danger hover:bg-red-50`} aria-label={`Delete ${child.name}`} onClick={() => onDelete(child)}>
                        <Trash2 className="h-3.5 w-3.5" aria-hidden="true" />
                      </button>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        );
      })}
    </div>
  );
}
