import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { listingWithProgrammeSchema } from '../../../shared/schemas/listing-with-programme';
import type { Listing, ListingType } from '../../../shared/types';
import { ApiError, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogFooter } from '../ui/dialog';
import { FormField } from '../ui/form-field';
import { Input, Textarea } from '../ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/select';
import { Switch } from '../ui/switch';
import { initialValues, isFormField, type ListingFormValues } from './listing-form-fields';
import { keepDialogOpenWhilePicking, ProviderPicker } from './provider-picker';
import { categoryOptions, useCategoriesOfType } from './use-categories-of-type';
import { type ListingDialogPayload, useSaveListing } from './use-save-listing';
import { initialPartnerValues } from './partner-form-values';
import { PartnerProgrammeFields } from './partner-programme-fields';
import { termsToEdit, useProgrammeTerms } from './use-programme-terms';
import { ListingNoun } from '../../../shared/listing-type';

export type ListingFormDialogProps = {
  type: ListingType;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The listing to edit; a new one is created when absent. */
  listing?: Listing | null;
  /** Admin screens: the 'Featured' switch. */
  showFeatured?: boolean;
  /** Admin screens: who the listing belongs to, searched among all providers and administrators. */
  chooseProvider?: boolean;
  /** Admin screens: a new listing for a company not on the directory yet, live and unclaimed until its provider claims it. */
  unclaimed?: boolean;
  /** Replaces the line under the dialog's title. */
  description?: string;
  /** Shows the spec's success toast (default); turn off to announce the save yourself in onSaved. */
  announce?: boolean;
  onSaved?: (listing: Listing, mode: 'created' | 'updated') => void;
};

const priceTypeLabels = { fixed: 'Fixed price', monthly: 'Monthly', hourly: 'Hourly' } as const;

/** The add/edit dialog for a service or a tool, used by the provider dashboard and the admin screens. */
export function ListingFormDialog(props: ListingFormDialogProps) {
  const { type, open, onOpenChange, listing } = props;
  const noun = ListingNoun(type);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={listing ? `Edit ${noun}` : `Add ${noun}`}
        description={props.description ?? defaultDescription(noun, listing)}
        className="max-w-2xl"
        onEscapeKeyDown={keepDialogOpenWhilePicking}
      >
        {/* Mounted only while open, so every opening starts from the listing as it is now. */}
        <ListingFormLoader {...props} />
      </DialogContent>
    </Dialog>
  );
}

function defaultDescription(noun: string, listing: Listing | null | undefined): string {
  const lower = noun.toLowerCase();
  if (!listing) return `Fill in the details of your ${lower}. It goes live once an administrator approves it.`;
  if (listing.status === 'rejected') return `Update your ${lower} and resubmit it for approval.`;
  if (listing.status === 'approved') return `Your ${lower} stays live as it is until an administrator approves the changes.`;
  return `Your ${lower} is waiting for approval; changes apply to the submission.`;
}

/** An edit starts once the listing's partner programme is known, so the form opens on its terms. */
function ListingFormLoader(props: ListingFormDialogProps) {
  const programme = useProgrammeTerms(props.type, props.listing?.id);
  if (props.listing && programme.isPending) return <p className="text-sm text-muted">Loading...</p>;
  const terms = termsToEdit(programme.data);
  return <ListingForm {...props} partnerTerms={terms} hadProgramme={!!programme.data?.programme || !!programme.data?.proposal} />;
}

type ListingFormProps = ListingFormDialogProps & { partnerTerms: Parameters<typeof initialPartnerValues>[0]; hadProgramme: boolean };

function ListingForm({ type, onOpenChange, listing, showFeatured = false, chooseProvider = false, unclaimed = false, announce = true, onSaved, partnerTerms, hadProgramme }: ListingFormProps) {
  const id = useId();
  const noun = ListingNoun(type);
  const categories = useCategoriesOfType(type);
  const save = useSaveListing(type, listing?.id, hadProgramme);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ListingFormValues, unknown, ListingDialogPayload>({
    // The shared schemas parse the typed text into the API payloads (numbers, lists, nulls): the listing's and its programme's.
    resolver: zodResolver(listingWithProgrammeSchema(type)) as unknown as Resolver<ListingFormValues, unknown, ListingDialogPayload>,
    defaultValues: initialValues(type, listing, { showFeatured, showProviderPicker: chooseProvider, unclaimed }, initialPartnerValues(partnerTerms, type === 'services' ? (listing?.priceType ?? 'fixed') : listing?.priceType)),
  });
  const partnerEnabled = useWatch({ control, name: 'partner.enabled' });

  const onSubmit = (payload: ListingDialogPayload) =>
    save.mutate(payload, {
      onSuccess: (saved) => {
        const mode = listing ? 'updated' : 'created';
        if (announce) toast(savedToast(noun, saved, mode));
        onOpenChange(false);
        onSaved?.(saved, mode);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) {
          for (const [field, message] of Object.entries(error.fields)) {
            if (isFormField(field)) setError(field, { message });
          }
        }
        // A plan's refusal (over its listing limit) links to the plans, to upgrade from here.
        toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
      },
    });

  const fieldId = (name: string) => `${id}-${name}`;
  const invalid = (name: keyof ListingFormValues) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${fieldId(name)}-error` : undefined,
  });

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      <FormField id={fieldId('title')} label="Title" error={errors.title?.message}>
        <Input id={fieldId('title')} maxLength={250} {...invalid('title')} {...register('title')} />
      </FormField>

      <FormField id={fieldId('shortDescription')} label="Short description" error={errors.shortDescription?.message} hint="Shown on cards; up to 500 characters.">
        <Textarea id={fieldId('shortDescription')} rows={2} {...invalid('shortDescription')} {...register('shortDescription')} />
      </FormField>

      <FormField id={fieldId('description')} label="Description" error={errors.description?.message}>
        <Textarea id={fieldId('description')} rows={5} {...invalid('description')} {...register('description')} />
      </FormField>

      <FormField id={fieldId('categoryId')} label="Category" error={errors.categoryId?.message}>
        <Controller
          control={control}
          name="categoryId"
          render={({ field }) => (
            <Select value={field.value || undefined} onValueChange={field.onChange} disabled={categories.isLoading}>
              <SelectTrigger id={fieldId('categoryId')} ref={field.ref} onBlur={field.onBlur} {...invalid('categoryId')}>
                <SelectValue placeholder={categories.isLoading ? 'Loading categories...' : 'Select a category'} />
              </SelectTrigger>
              <SelectContent>
                {categoryOptions(categories.data ?? []).map(({ category, depth }) => (
                  <SelectItem key={category.id} value={String(category.id)} className={depth ? 'pl-12' : undefined}>
                    {category.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </FormField>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={fieldId('price')} label="Price (USD)" error={errors.price?.message} hint="Leave empty for 'Contact for pricing'.">
          <Input id={fieldId('price')} type="number" inputMode="decimal" min="0" step="0.01" {...invalid('price')} {...register('price')} />
        </FormField>
        {type === 'services' && (
          <FormField id={fieldId('priceType')} label="Price type" error={errors.priceType?.message}>
            <Controller
              control={control}
              name="priceType"
              render={({ field }) => (
                <Select value={field.value || undefined} onValueChange={field.onChange}>
                  <SelectTrigger id={fieldId('priceType')} ref={field.ref} onBlur={field.onBlur} {...invalid('priceType')}>
                    <SelectValue placeholder="Select a price type" />
                  </SelectTrigger>
                  <SelectContent>
                    {Object.entries(priceTypeLabels).map(([value, label]) => (
                      <SelectItem key={value} value={value}>
                        {label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>
        )}
        {type === 'services' && (
          <FormField id={fieldId('deliveryTime')} label="Delivery time (days)" error={errors.deliveryTime?.message}>
            <Input id={fieldId('deliveryTime')} type="number" inputMode="numeric" min="1" step="1" {...invalid('deliveryTime')} {...register('deliveryTime')} />
          </FormField>
        )}
      </div>

      {type === 'tools' && (
        <FormField id={fieldId('websiteUrl')} label="Website URL" error={errors.websiteUrl?.message} hint="A screenshot of the page is generated automatically.">
          <Input id={fieldId('websiteUrl')} type="url" inputMode="url" placeholder="https://" {...invalid('websiteUrl')} {...register('websiteUrl')} />
        </FormField>
      )}

      <FormField id={fieldId('tags')} label="Tags" error={errors.tags?.message} hint="Separate with commas, e.g. SEO, local, audit.">
        <Input id={fieldId('tags')} {...invalid('tags')} {...register('tags')} />
      </FormField>

      <FormField id={fieldId('features')} label="Features" error={errors.features?.message} hint="What's included, separated with commas.">
        <Textarea id={fieldId('features')} rows={2} {...invalid('features')} {...register('features')} />
      </FormField>

      {unclaimed && (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={fieldId('unclaimedCompany')} label="Company name" error={errors.unclaimedCompany?.message} hint="The company this listing waits for; it claims it from the listing's page.">
            <Input id={fieldId('unclaimedCompany')} {...invalid('unclaimedCompany')} {...register('unclaimedCompany')} />
          </FormField>
          <FormField id={fieldId('unclaimedWebsite')} label="Company website" error={errors.unclaimedWebsite?.message} hint="Claim links go to addresses at its domain.">
            <Input id={fieldId('unclaimedWebsite')} type="url" placeholder="https://" {...invalid('unclaimedWebsite')} {...register('unclaimedWebsite')} />
          </FormField>
        </div>
      )}

      {chooseProvider && !unclaimed && (
        <FormField id={fieldId('providerId')} label="Provider" error={errors.providerId?.message}>
          <Controller
            control={control}
            name="providerId"
            render={({ field }) => (
              <ProviderPicker
                id={fieldId('providerId')}
                owner={listing ? listing.provider : undefined}
                onChange={field.onChange}
                onBlur={field.onBlur}
                {...invalid('providerId')}
              />
            )}
          />
        </FormField>
      )}

      <PartnerProgrammeFields idPrefix={id} register={register} errors={errors} enabled={!!partnerEnabled} />

      {showFeatured && (
        <div className="flex items-center justify-between gap-4 rounded-lg border border-line p-3">
          <label htmlFor={fieldId('isFeatured')} className="text-sm font-medium text-ink">
            Featured
            <span className="block text-xs font-normal text-muted">Shown on the home page and marked 'Featured'.</span>
          </label>
          <Controller
            control={control}
            name="isFeatured"
            render={({ field }) => <Switch id={fieldId('isFeatured')} checked={!!field.value} onCheckedChange={field.onChange} />}
          />
        </div>
      )}

      <DialogFooter>
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : listing ? 'Save Changes' : `Submit ${noun}`}
        </Button>
      </DialogFooter>
    </form>
  );
}

function savedToast(noun: string, saved: Listing, mode: 'created' | 'updated') {
  if (mode === 'created') {
    return {
      title: `${noun} submitted for approval`,
      description: saved.status === 'approved' ? 'It is live now.' : 'It goes live once an administrator approves it.',
    };
  }
  return {
    title: `${noun} updated successfully`,
    description: saved.hasPendingChanges
      ? 'The live version stays as it is until an administrator approves your changes.'
      : saved.status === 'pending'
        ? 'It goes live once an administrator approves it.'
        : undefined,
  };
}
