import { useState } from 'react';
import { Building2, Package, Plus, Wrench } from '../../../components/ui/icons';
import type { ListingType } from '../../../../shared/types';
import { ListingFormDialog } from '../../../components/listing-form/listing-form-dialog';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

/**
 * Create Content: services and tools an administrator adds go live at once; a new unclaimed
 * listing is a service of a company not on the directory yet, whose page asks "Is this your
 * company?" until its provider claims it (docs/decisions/listing-claims.md).
 */
export function CreateContentTab() {
  const [adding, setAdding] = useState<{ type: ListingType; unclaimed: boolean } | null>(null);
  const choices = [
    { key: 'services', type: 'services' as const, unclaimed: false, title: 'Add Service', text: 'A professional service, live as soon as it is saved.', icon: Package },
    { key: 'tools', type: 'tools' as const, unclaimed: false, title: 'Add Tool', text: 'A software tool, live as soon as it is saved.', icon: Wrench },
    { key: 'unclaimed', type: 'services' as const, unclaimed: true, title: 'New unclaimed listing', text: "A service of a company not on the directory yet, live at once; the company claims it from the listing's page.", icon: Building2 },
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {choices.map(({ key, type, unclaimed, title, text, icon: Icon }) => (
        <Card key={key} className="flex flex-col items-start gap-3 p-6">
          <span className="flex h-11 w-11 items-center justify-center rounded-lg bg-primary-soft text-primary">
            <Icon className="h-5 w-5" aria-hidden="true" />
          </span>
          <div>
            <h2 className="font-semibold text-ink">{title}</h2>
            <p className="mt-1 text-sm text-muted">{text}</p>
          </div>
          <Button className="mt-auto" onClick={() => setAdding({ type, unclaimed })}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            {title}
          </Button>
        </Card>
      ))}
      {adding && (
        <ListingFormDialog
          type={adding.type}
          open
          onOpenChange={(open) => !open && setAdding(null)}
          showFeatured
          chooseProvider
          unclaimed={adding.unclaimed}
          description={
            adding.unclaimed
              ? "Approved at once, with no provider: its page asks \"Is this your company?\" until the company claims it."
              : `Items added here are approved at once. Choose the provider it belongs to, or keep yourself.`
          }
        />
      )}
    </div>
  );
}
