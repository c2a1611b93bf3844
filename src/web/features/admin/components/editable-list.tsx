import { type ReactNode, useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from '../../../components/ui/icons';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';

/**
 * The pieces of an admin list whose rows are added, edited and deleted (page overrides, search
 * synonyms): its heading with the add button, a row with its edit and delete buttons, and the
 * deletion asked for, confirmed and reported.
 */
export function EditableListHeader({ id, title, description, addLabel, onAdd }: { id: string; title: string; description: ReactNode; addLabel: string; onAdd: () => void }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h2 id={id} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        <p className="mt-1 text-sm text-muted">{description}</p>
      </div>
      <Button onClick={onAdd}>
        <Plus className="h-4 w-4" aria-hidden="true" />
        {addLabel}
      </Button>
    </div>
  );
}

/** One row: what it holds, then its edit and delete buttons, named for the row (`name`). */
export function EditableRow({ testId, name, onEdit, onDelete, children }: { testId: string; name: string; onEdit: () => void; onDelete: () => void; children: ReactNode }) {
  return (
    <li>
      <Card className="flex items-start justify-between gap-3 p-4" data-testid={testId}>
        {children}
        <div className="flex shrink-0 gap-1">
          <Button variant="ghost" size="icon" aria-label={`Edit ${name}`} onClick={onEdit}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" className="text-danger hover:bg-red-50" aria-label={`Delete ${name}`} onClick={onDelete}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      </Card>
    </li>
  );
}

type Deletion = { title: string; description: string; deleted: string; failed: string };

/**
 * The row being deleted, and the dialog that confirms it: `ask(row)` opens it; confirmed, the
 * mutation runs, and its toast says it was deleted or why not.
 */
export function useConfirmedDelete<Row extends { id: number }>(remove: UseMutationResult<unknown, Error, number>, texts: Deletion) {
  const [deleting, setDeleting] = useState<Row | null>(null);
  const onConfirm = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: texts.deleted });
        setDeleting(null);
      },
      onError: (error) => toast({ title: 'Error', description: errorMessage(error, texts.failed), variant: 'destructive' }),
    });
  };
  const dialog = (
    <ConfirmDialog
      open={!!deleting}
      onOpenChange={(open) => !open && setDeleting(null)}
      title={texts.title}
      description={texts.description}
      confirmLabel="Delete"
      destructive
      pending={remove.isPending}
      onConfirm={onConfirm}
    />
  );
  return { ask: setDeleting, dialog };
}
