import { zodResolver } from '@hookform/resolvers/zod';
import { Suspense, useId, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { categoryIcons } from '../../../../shared/category-icons';
import { type CategoryFormInput, type CategoryFormValues, categoryFormSchema } from '../../../../shared/schemas/category';
import { slugify } from '../../../../shared/slug';
import type { Category, ListingType } from '../../../../shared/types';
import { ApiError, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAdminCategories, useSaveCategory } from '../api/use-admin-categories';

import type { RichTextEditorComponent } from './rich-text-editor-type';

type CategoryFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The category to edit; a new one of `defaultType` otherwise. */
  category: Category | null;
  defaultType: ListingType;
  /** The rich-text editor, handed in by the page (features do not import each other). */
  editor: RichTextEditorComponent;
};

export function CategoryFormDialog({ open, onOpenChange, category, defaultType, editor }: CategoryFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={category ? 'Edit Category' : 'Add Category'}
        description={category ? 'Change the category’s details and its additional content.' : 'Create a category for services or tools.'}
        className="sm:max-w-3xl"
      >
        <CategoryForm category={category} defaultType={defaultType} editor={editor} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

type CategoryFormProps = { category: Category | null; defaultType: ListingType; editor: RichTextEditorComponent; onDone: () => void };

function CategoryForm({ category, defaultType, editor: RichTextEditor, onDone }: CategoryFormProps) {
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const save = useSaveCategory(category?.id);
  // Once the administrator edits the slug, typing the name no longer overwrites it.
  const slugTouched = useRef(!!category);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { errors },
  } = useForm<CategoryFormInput, unknown, CategoryFormValues>({
    resolver: zodResolver(categoryFormSchema),
    defaultValues: {
      name: category?.name ?? '',
      slug: category?.slug ?? '',
      type: category?.type ?? defaultType,
      description: category?.description ?? '',
      icon: category?.icon ?? '',
      parentId: category?.parentId ?? null,
      bottomContent: category?.bottomContent ?? '',
    },
  });
  const type = watch('type') as ListingType;
  const parents = useAdminCategories(type);
  const parentChoices = (parents.data ?? []).filter((c) => c.parentId === null && c.id !== category?.id);

  const nameField = register('name', {
    onChange: (event: { target: { value: string } }) => {
      if (!slugTouched.current) setValue('slug', slugify(event.target.value), { shouldValidate: !!errors.slug });
    },
  });
  const slugField = register('slug', { onChange: () => (slugTouched.current = true) });

  const onSubmit = (values: CategoryFormValues) =>
    save.mutate(values, {
      onSuccess: () => {
        toast({ title: category ? 'Category updated successfully' : 'Category created successfully' });
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) {
          for (const [field, message] of Object.entries(error.fields)) setError(field as keyof CategoryFormInput, { message });
        }
        toast({
          title: 'Error',
          description: errorMessage(error, category ? 'Failed to update category' : 'Failed to create category'),
          variant: 'destructive',
        });
      },
    });

  const invalid = (name: keyof CategoryFormInput) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${fieldId(name)}-error` : undefined,
  });

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={fieldId('name')} label="Category Name" error={errors.name?.message}>
          <Input id={fieldId('name')} {...invalid('name')} {...nameField} />
        </FormField>
        <FormField id={fieldId('slug')} label="URL Slug" error={errors.slug?.message} hint="Lowercase letters, numbers and hyphens.">
          <Input id={fieldId('slug')} {...invalid('slug')} {...slugField} />
        </FormField>
        <FormField id={fieldId('type')} label="Category Type" error={errors.type?.message}>
          <Controller
            control={control}
            name="type"
            render={({ field }) => (
              <Select
                value={field.value}
                onValueChange={(value) => {
                  field.onChange(value);
                  // A parent of the other type is no longer allowed.
                  setValue('parentId', null);
                }}
              >
                <SelectTrigger id={fieldId('type')} ref={field.ref} {...invalid('type')}>
                  <SelectValue placeholder="Select a type" />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="services">Services</SelectItem>
                  <SelectItem value="tools">Tools</SelectItem>
                </SelectContent>
              </Select>
            )}
          />
        </FormField>
        <FormField id={fieldId('parentId')} label="Parent Category" error={errors.parentId?.message}>
          <Controller
            control={control}
            name="parentId"
            render={({ field }) => (
              <Select value={field.value ? String(field.value) : 'none'} onValueChange={(value) => field.onChange(value === 'none' ? null : Number(value))}>
                <SelectTrigger id={fieldId('parentId')} ref={field.ref} {...invalid('parentId')}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="none">None (top level)</SelectItem>
                  {parentChoices.map((parent) => (
                    <SelectItem key={parent.id} value={String(parent.id)}>
                      {parent.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>
      </div>
      <FormField id={fieldId('description')} label="Description" error={errors.description?.message}>
        <Textarea id={fieldId('description')} rows={3} {...invalid('description')} {...register('description')} />
      </FormField>
      <FormField id={fieldId('icon')} label="Icon" error={errors.icon?.message} hint="A lucide icon name, e.g. chart-line. The field suggests the icons the site can show.">
        <Input id={fieldId('icon')} placeholder="chart-line" list={fieldId('icon-names')} autoComplete="off" {...invalid('icon')} {...register('icon')} />
        <datalist id={fieldId('icon-names')}>
          {categoryIcons.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </FormField>
      <div className="space-y-1.5">
        <p id={fieldId('bottomContent-label')} className="text-sm font-medium text-ink">
          Additional SEO Content
        </p>
        <p className="text-xs text-muted">Rich text shown below the category’s results.</p>
        <Controller
          control={control}
          name="bottomContent"
          render={({ field }) => (
            <Suspense fallback={<Skeleton className="h-52 w-full" />}>
              <RichTextEditor defaultValue={field.value} onChange={field.onChange} aria-labelledby={fieldId('bottomContent-label')} />
            </Suspense>
          )}
        />
        {errors.bottomContent && <p className="text-sm text-danger">{errors.bottomContent.message}</p>}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : category ? 'Update Category' : 'Create Category'}
        </Button>
      </DialogFooter>
    </form>
  );
}
