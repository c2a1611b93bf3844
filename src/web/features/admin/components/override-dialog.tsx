import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type SeoOverride, type SeoOverrideInput, seoOverrideSchema, seoPageTypes } from '../../../../shared/schemas/seo';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { ApiError, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSaveOverride } from '../api/use-seo-settings';

type Values = z.output<typeof seoOverrideSchema>;
const labels = { home: 'Home', category: 'Category', service: 'Service', tool: 'Tool' } as const;

/** Add Override, or Edit Override when given the override to change. */
export function OverrideDialog({ open, onOpenChange, override }: { open: boolean; onOpenChange: (open: boolean) => void; override?: SeoOverride | null }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={override ? 'Edit Override' : 'Add Override'}
        description={override ? 'Change the custom title and description of this page.' : 'A custom title and description for a specific page.'}
      >
        {/* The content mounts on each opening, so the form starts from the override as it is now. */}
        <OverrideForm override={override ?? undefined} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function OverrideForm({ override, onDone }: { override?: SeoOverride; onDone: () => void }) {
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const save = useSaveOverride(override?.id);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SeoOverrideInput, unknown, Values>({
    resolver: zodResolver(seoOverrideSchema),
    defaultValues: {
      pageType: override?.pageType ?? 'home',
      entityId: override?.entityId ?? '',
      title: override?.title ?? '',
      description: override?.description ?? '',
    },
  });
  const onSubmit = (values: Values) =>
    save.mutate(values, {
      onSuccess: () => {
        toast({ title: override ? 'Override updated' : 'Override saved' });
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) {
          for (const [field, message] of Object.entries(error.fields)) setError(field as keyof SeoOverrideInput, { message });
        }
        toast({ title: 'Error', description: errorMessage(error, 'Failed to save override'), variant: 'destructive' });
      },
    });
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      <FormField id={fieldId('pageType')} label="Page Type" error={errors.pageType?.message}>
        <Controller
          control={control}
          name="pageType"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger id={fieldId('pageType')} ref={field.ref}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {seoPageTypes.map((type) => (
                  <SelectItem key={type} value={type}>
                    {labels[type]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </FormField>
      <FormField id={fieldId('entityId')} label="Entity ID (optional)" error={errors.entityId?.message} hint="The id or slug of the listing or category; empty means every page of the type.">
        <Input id={fieldId('entityId')} {...register('entityId')} />
      </FormField>
      <FormField id={fieldId('title')} label="Custom Title" error={errors.title?.message}>
        <Input id={fieldId('title')} {...register('title')} />
      </FormField>
      <FormField id={fieldId('description')} label="Custom Description" error={errors.description?.message}>
        <Textarea id={fieldId('description')} rows={3} {...register('description')} />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Override'}
        </Button>
      </DialogFooter>
    </form>
  );
}
