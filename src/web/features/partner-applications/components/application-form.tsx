import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type PartnerApplicationInput, partnerApplicationSchema } from '../../../../shared/schemas/partner-application';
import type { ListingType } from '../../../../shared/types';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { errorMessage, isUnauthorized } from '../../../lib/api';
import { redirectAfter } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';
import { useApply } from '../api/use-application-actions';

/** The partner application a member sends from a listing's programme panel. */
export function ApplicationForm({ type, listingId, onClose }: { type: ListingType; listingId: number; onClose: () => void }) {
  const apply = useApply(type, listingId);
  const form = useForm<PartnerApplicationInput>({
    resolver: zodResolver(partnerApplicationSchema),
    defaultValues: { agencyName: '', agencyWebsite: '', clientCount: '' as unknown as number, regions: '', services: '', message: '' },
  });
  const { errors } = form.formState;
  const onValid = (input: PartnerApplicationInput) =>
    apply.mutate(input, {
      onSuccess: (application) =>
        toast({
          title: application.status === 'approved' ? 'You are a partner' : 'Application sent',
          description: application.status === 'approved' ? 'The programme approves agencies at once: its terms are shown to you now.' : 'The provider has been e-mailed. You can follow your application in your dashboard.',
        }),
      onError: (error) => {
        if (isUnauthorized(error)) {
          toast({ title: 'Please sign in', description: 'You need to be logged in to apply.', variant: 'destructive' });
          redirectAfter('/api/login', 500);
          return;
        }
        toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
      },
    });
  const field = (name: keyof PartnerApplicationInput) => ({
    id: `apply-${name}`,
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `apply-${name}-error` : undefined,
    ...form.register(name),
  });
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate className="w-full space-y-4 rounded-md border border-line p-4" aria-labelledby="apply-heading">
      <h3 id="apply-heading" className="text-base font-semibold text-ink">
        Apply to become a partner
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="apply-agencyName" label="Agency name" error={errors.agencyName?.message}>
          <Input autoComplete="organization" {...field('agencyName')} />
        </FormField>
        <FormField id="apply-agencyWebsite" label="Agency website" error={errors.agencyWebsite?.message}>
          <Input type="url" inputMode="url" autoComplete="url" placeholder="youragency.com" {...field('agencyWebsite')} />
        </FormField>
        <FormField id="apply-clientCount" label="How many clients" error={errors.clientCount?.message}>
          <Input type="number" min={0} inputMode="numeric" {...field('clientCount')} />
        </FormField>
        <FormField id="apply-regions" label="Regions you serve" error={errors.regions?.message}>
          <Input placeholder="UK, Ireland" {...field('regions')} />
        </FormField>
      </div>
      <FormField id="apply-services" label="Services you offer" error={errors.services?.message}>
        <Input placeholder="SEO, paid search, reporting" {...field('services')} />
      </FormField>
      <FormField id="apply-message" label="Message to the provider" error={errors.message?.message}>
        <Textarea rows={4} {...field('message')} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={apply.isPending}>
          {apply.isPending ? 'Sending...' : 'Send application'}
        </Button>
        <Button type="button" variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
