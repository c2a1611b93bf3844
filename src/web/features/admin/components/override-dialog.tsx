import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type SeoOverrideInput, seoOverrideSchema, seoPageTypes } from '../../../../shared/schemas/seo';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { ApiError, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useCreateOverride } from '../api/use-seo-settings';

type Values = z.output<typeof seoOverrideSchema>;
const labels = { home: 'Home', category: 'Category', service: 'Service', tool: 'Tool' } as const;

export function OverrideDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Add Override" description="A custom title and description for a specific page.">
        <OverrideForm onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function OverrideForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const create = useCreateOverride();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SeoOverrideInput, unknown, Values>({
    resolver: zodResolver(seoOverrideSchema),
    defaultValues: { pageType: 'home', entityId: '', title: '', description: '' },
  });
  const onSubmit = (values: Values) =>
    create.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Override saved' });
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
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Saving...' : 'Save Override'}
        </Button>
      </DialogFooter>
    </form>
  );
}
