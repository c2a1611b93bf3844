import { useState } from 'react';
import { Package, Plus, Wrench } from '../../../components/ui/icons';
import type { ListingType } from '../../../../shared/types';
import { ListingFormDialog } from '../../../components/listing-form/listing-form-dialog';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

/** Create Content: services and tools an administrator adds go live at once. */
export function CreateContentTab() {
  const [adding, setAdding] = useState<ListingType | null>(null);
  const choices = [
    { type: 'services' as const, title: 'Add Service', text: 'A professional service, live as soon as it is saved.', icon: Package },
    { type: 'tools' as const, title: 'Add Tool', text: 'A software tool, live as soon as it is saved.', icon: Wrench },
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {choices.map(({ type, title, text, icon: Icon }) => (
        <Card key={type} className="flex flex-col items-start gap-3 p-6">
          <span className="flex h-11 w-11 items-center justify-center rounded-lg bg-primary-soft text-primary">
            <Icon className="h-5 w-5" aria-hidden="true" />
          </span>
          <div>
            <h2 className="font-semibold text-ink">{title}</h2>
            <p className="mt-1 text-sm text-muted">{text}</p>
          </div>
          <Button onClick={() => setAdding(type)}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            {title}
          </Button>
        </Card>
      ))}
      {adding && (
        <ListingFormDialog
          type={adding}
          open
          onOpenChange={(open) => !open && setAdding(null)}
          showFeatured
          chooseProvider
          description={`Items added here are approved at once. Choose the provider it belongs to, or keep yourself.`}
        />
      )}
    </div>
  );
}
