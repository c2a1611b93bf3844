import { type FormEvent, useState } from 'react';
import { formatPersonName } from '../../../../shared/format';
import { listingNoun } from '../../../../shared/listing-type';
import { claimRejectionSchema, type ListingClaimJson } from '../../../../shared/schemas/listing-claim';
import { LocalDate } from '../../../components/local-date';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { DecisionQueue } from './decision-queue';
import { useDecideClaim, useListingClaimsQueue } from '../api/use-listing-claims-queue';

/**
 * "Claims": the queue of claims with evidence of unclaimed listings, oldest first. Approving moves
 * the listing (and its reviews) to the claimant; rejecting needs a reason. Either way the claimant
 * is e-mailed. Claims by e-mail link never wait here: the link decides them.
 */
export function ClaimsTab() {
  return (
    <DecisionQueue
      query={useListingClaimsQueue()}
      id="claims-heading"
      title={(claims) => `Listing claims (${claims.length})`}
      description="Claims of unclaimed listings with evidence, oldest first. Approving one moves the listing and its reviews to the claimant."
      empty="No claims wait for a decision."
      cards={(claims) => claims.map((claim) => <ClaimCard key={claim.id} claim={claim} />)}
    />
  );
}

function ClaimCard({ claim }: { claim: ListingClaimJson }) {
  const decide = useDecideClaim();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const { listing, claimant } = claim;
  const who = formatPersonName(claimant) || claimant.email;

  const approve = () =>
    decide.mutate(
      { id: claim.id, decision: 'approve' },
      {
        onSuccess: () => toast({ title: 'Claim approved', description: `"${listing.title}" now belongs to ${who}.` }),
        onError: (error) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
      },
    );

  const reject = (event: FormEvent) => {
    event.preventDefault();
    const parsed = claimRejectionSchema.safeParse({ reason });
    setReasonError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    decide.mutate(
      { id: claim.id, decision: 'reject', reason: parsed.data.reason },
      {
        onSuccess: () => toast({ title: 'Claim rejected', description: `${who} is told why by email.` }),
        onError: (error) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
      },
    );
  };

  return (
    <li aria-label={`Claim of ${listing.title}`} className="space-y-3 rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-baseline gap-x-2">
        <a href={`/${listingNoun(listing.type)}/${listing.slug}`} className="font-semibold text-primary hover:underline">
          {listing.title}
        </a>
        <span className="text-sm text-muted">
          of {listing.unclaimedCompany ?? 'a company'}
          {listing.websiteUrl && ` (${listing.websiteUrl})`}
        </span>
      </div>
      <p className="text-sm break-words text-ink">
        Claimed by <span className="font-medium">{who}</span> ({claimant.email}
        {claimant.companyName && `, ${claimant.companyName}`}), <LocalDate iso={claim.createdAt} />
      </p>
      <blockquote className="rounded-lg bg-canvas p-3 text-sm break-words whitespace-pre-line text-ink">{claim.evidence}</blockquote>
      {rejecting ? (
        <form onSubmit={reject} noValidate className="space-y-3">
          <FormField id={`claim-${claim.id}-reason`} label="Reason" error={reasonError} hint="The claimant is emailed this reason.">
            <Textarea
              id={`claim-${claim.id}-reason`}
              rows={3}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={!!reasonError}
              aria-describedby={reasonError ? `claim-${claim.id}-reason-error` : undefined}
            />
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="destructive" disabled={decide.isPending}>
              {decide.isPending ? 'Rejecting...' : 'Reject claim'}
            </Button>
            <Button type="button" variant="outline" onClick={() => setRejecting(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button onClick={approve} disabled={decide.isPending}>
            {decide.isPending ? 'Approving...' : 'Approve claim'}
          </Button>
          <Button variant="outline" onClick={() => setRejecting(true)}>
            Reject
          </Button>
        </div>
      )}
    </li>
  );
}
