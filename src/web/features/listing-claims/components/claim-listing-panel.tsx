import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { claimAddressProblem, claimByEmailSchema, claimEvidenceSchema } from '../../../../shared/schemas/listing-claim';
import type { Listing, User } from '../../../../shared/types';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useClaimByEmail, useClaimWithEvidence } from '../api/use-listing-claims';

/**
 * "Is this your company?" on an unclaimed listing's page: a one-time link to an address at the
 * company's domain (where its website gives one), or a claim with evidence for an administrator.
 */
export function ClaimListingPanel({ listing, member }: { listing: Listing; member: User | null }) {
  const company = listing.unclaimedCompany ?? 'this company';
  const byEmail = useClaimByEmail(listing.id);
  const withEvidence = useClaimWithEvidence(listing.id);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const [evidence, setEvidence] = useState('');
  const [evidenceError, setEvidenceError] = useState<string>();
  const [sent, setSent] = useState<string>();
  const domain = listing.claimDomain;

  const sendLink = (event: FormEvent) => {
    event.preventDefault();
    const parsed = claimByEmailSchema.safeParse({ email });
    const problem = parsed.success ? (domain ? claimAddressProblem(parsed.data.email, domain) : null) : parsed.error.issues[0]?.message;
    setEmailError(problem ?? undefined);
    if (problem || !parsed.success) return;
    byEmail.mutate(parsed.data.email, {
      onSuccess: (answer) => setSent(answer.message),
      onError: (error) => {
        setEmailError(errorMessage(error));
        toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
      },
    });
  };

  const sendEvidence = (event: FormEvent) => {
    event.preventDefault();
    const parsed = claimEvidenceSchema.safeParse({ evidence });
    setEvidenceError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    withEvidence.mutate(parsed.data.evidence, {
      onSuccess: (answer) => {
        setSent(answer.message);
        toast({ title: 'Claim sent', description: answer.message });
      },
      onError: (error) => {
        setEvidenceError(errorMessage(error));
        toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
      },
    });
  };

  return (
    <section aria-labelledby="claim-heading" className="space-y-4">
      <div>
        <h2 id="claim-heading" className="text-lg font-semibold text-ink">
          Is this your company?
        </h2>
        <p className="mt-1 text-sm text-muted">
          This listing of {company} was added by the directory and has no provider yet. Claim it to edit it, answer reviews and receive messages.
        </p>
      </div>
      {!member ? (
        <Button asChild className="w-full">
          <Link href="/auth">Sign in to claim this listing</Link>
        </Button>
      ) : sent ? (
        <p role="status" className="rounded-md bg-primary/10 p-3 text-sm text-ink">
          {sent}
        </p>
      ) : (
        <>
          {domain && (
            <form onSubmit={sendLink} noValidate className="space-y-3">
              <FormField id="claim-email" label="Your company email" error={emailError} hint={`An address at ${domain}: we send it a one-time link.`}>
                <Input
                  id="claim-email"
                  type="email"
                  autoComplete="email"
                  placeholder={`you@${domain}`}
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  aria-invalid={!!emailError}
                  aria-describedby={emailError ? 'claim-email-error' : undefined}
                />
              </FormField>
              <Button type="submit" className="w-full" disabled={byEmail.isPending}>
                {byEmail.isPending ? 'Sending...' : 'Email me a claim link'}
              </Button>
            </form>
          )}
          <form onSubmit={sendEvidence} noValidate className={domain ? 'space-y-3 border-t border-line pt-4' : 'space-y-3'}>
            <FormField
              id="claim-evidence"
              label={domain ? 'No address there? Tell us how you are connected' : 'How are you connected to the company?'}
              error={evidenceError}
              hint="An administrator reads it and emails you the decision."
            >
              <Textarea
                id="claim-evidence"
                rows={4}
                placeholder="Your role, and where we can check it (a page of the company's website, a registry entry)."
                value={evidence}
                onChange={(event) => setEvidence(event.target.value)}
                aria-invalid={!!evidenceError}
                aria-describedby={evidenceError ? 'claim-evidence-error' : undefined}
              />
            </FormField>
            <Button type="submit" variant="outline" className="w-full" disabled={withEvidence.isPending}>
              {withEvidence.isPending ? 'Sending...' : 'Send claim for review'}
            </Button>
          </form>
        </>
      )}
    </section>
  );
}
