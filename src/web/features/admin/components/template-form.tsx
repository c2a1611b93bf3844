import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type SeoPageType, type SeoTemplate, type SeoTemplateInput, seoTemplateSchema } from '../../../../shared/schemas/seo';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useResetTemplate, useSaveTemplate } from '../api/use-seo-settings';

export const pageTypeLabels: Record<SeoPageType, string> = { home: 'Home Page', category: 'Category Pages', service: 'Service Pages', tool: 'Tool Pages' };

// What each page shows until a template is saved, as a starting point.
const suggestions: Record<SeoPageType, SeoTemplateInput> = {
  home: { title: 'Premium Tools & Services for Agencies | {siteName}', description: '{description}' },
  category: { title: '{name} | {siteName}', description: '{description}' },
  service: { title: '{name} - {category} Service | {siteName}', description: '{description}' },
  tool: { title: '{name} - {category} Tool | {siteName}', description: '{description}' },
};

export function TemplateForm({ template }: { template: SeoTemplate }) {
  const id = useId();
  const save = useSaveTemplate(template.pageType);
  const resetToDefault = useResetTemplate(template.pageType);
  const [confirmingReset, setConfirmingReset] = useState(false);
  const label = pageTypeLabels[template.pageType];
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
    reset,
  } = useForm<SeoTemplateInput>({
    resolver: zodResolver(seoTemplateSchema),
    defaultValues: { title: template.title, description: template.description },
  });
  const onSubmit = (values: SeoTemplateInput) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        toast({ title: 'Template saved', description: `${label} now use it.` });
        reset({ title: saved.title, description: saved.description });
      },
      onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to save template'), variant: 'destructive' }),
    });
  const onReset = () =>
    resetToDefault.mutate(undefined, {
      onSuccess: () => {
        setConfirmingReset(false);
        toast({ title: 'Template reset', description: `${label} use the default title and description again.` });
      },
      onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to reset template'), variant: 'destructive' }),
    });
  const suggestion = suggestions[template.pageType];
  return (
    <Card className="p-5" data-testid={`seo-template-${template.pageType}`}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
        <div className="flex items-center justify-between gap-2">
          <h3 className="font-semibold text-ink">{label}</h3>
          <span className="text-xs text-muted">{template.updatedAt ? 'Saved' : 'Using the default'}</span>
        </div>
        <FormField id={`${id}-title`} label="Title Template" error={errors.title?.message}>
          <Input id={`${id}-title`} placeholder={suggestion.title} {...register('title')} />
        </FormField>
        <FormField id={`${id}-description`} label="Description Template" error={errors.description?.message}>
          <Textarea id={`${id}-description`} rows={3} placeholder={suggestion.description} {...register('description')} />
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending || (!isDirty && !!template.updatedAt)}>
            {save.isPending ? 'Saving...' : 'Save Template'}
          </Button>
          {template.updatedAt && (
            <Button type="button" variant="outline" onClick={() => setConfirmingReset(true)}>
              Reset to default
            </Button>
          )}
        </div>
      </form>
      <ConfirmDialog
        open={confirmingReset}
        onOpenChange={setConfirmingReset}
        title="Reset template"
        description={`${label} go back to the default title and description. The saved template is deleted.`}
        confirmLabel="Reset to default"
        pendingLabel="Resetting..."
        destructive
        pending={resetToDefault.isPending}
        onConfirm={onReset}
      />
    </Card>
  );
}
