import { type FormEvent, useState } from 'react';
import { formatAverage } from '../../../../shared/format';
import { listingNoun } from '../../../../shared/listing-type';
import { decisionSchema, reportReasonLabels, type ReportedReview } from '../../../../shared/schemas/review-moderation';
import { LocalDate } from '../../../components/local-date';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useHydrated } from '../../../lib/use-hydrated';
import { DecisionQueue } from './decision-queue';
import { useDecideReview, useReportedReviews } from '../api/use-reported-reviews';

const stars = (rating: number) => `${rating} ${rating === 1 ? 'star' : 'stars'}`;

/**
 * "Reported reviews": the queue of reviews with open reports, the one waiting longest first. Each
 * shows the review, every report and who sent it, and the listing's rating by month, with the
 * three decisions.
 */
export function ReportedReviewsTab() {
  return (
    <DecisionQueue
      query={useReportedReviews()}
      id="reported-reviews-heading"
      title={(queue) => `Reported reviews (${queue.total})`}
      description="Oldest report first. Reviews reported for personal information or abuse are hidden until you decide; the others stay up, marked under review."
      empty="No reported reviews. Nothing waits for a decision."
      cards={(queue) => queue.items.map((item) => <ReportedReviewCard key={item.review.id} item={item} />)}
    />
  );
}

function ReportedReviewCard({ item }: { item: ReportedReview }) {
  const { review, listing, reports } = item;
  return (
    <li aria-label={`Reported review of ${listing.title}`} className="space-y-4 rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <a href={`/${listingNoun(listing.type)}/${listing.slug}`} className="font-semibold text-primary hover:underline">
          {listing.title}
        </a>
        <Badge tone={review.status === 'hidden' ? 'red' : 'amber'}>{review.status === 'hidden' ? 'Hidden' : 'Under review'}</Badge>
        <Badge>
          {item.reportCount} {item.reportCount === 1 ? 'report' : 'reports'}
        </Badge>
      </div>
      <blockquote className="rounded-lg bg-canvas p-3">
        <p className="text-sm font-medium text-ink">
          {stars(review.rating)} by {review.author ? `${review.author.name} (${review.author.email})` : 'a deleted account'}, <LocalDate iso={review.createdAt} />
        </p>
        <p className="mt-1 text-sm break-words whitespace-pre-line text-ink">{review.comment}</p>
      </blockquote>
      <div className="grid gap-4 lg:grid-cols-2">
        <div>
          <h3 className="text-sm font-semibold text-ink">Reports</h3>
          <ul className="mt-1 space-y-2 text-sm">
            {reports.map((report) => (
              <li key={report.id} className="break-words">
                <span className="font-medium text-ink">{reportReasonLabels[report.reason]}</span> from{' '}
                {report.reporter ? `${report.reporter.name} (${report.reporter.email})` : 'a deleted account'}
                {report.role === 'provider' && (
                  <Badge tone="primary" className="ml-1">
                    Listing provider
                  </Badge>
                )}
                {report.reporter?.warned && (
                  <Badge tone="red" className="ml-1">
                    Warned: reports only low ratings
                  </Badge>
                )}
                , <LocalDate iso={report.createdAt} />
                {report.details && <p className="text-muted">"{report.details}"</p>}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3 className="text-sm font-semibold text-ink">
            Rating history: {formatAverage(listing.rating)} from {listing.reviewCount} {listing.reviewCount === 1 ? 'review' : 'reviews'}
          </h3>
          {listing.ratingHistory.length > 0 && (
            <table className="mt-1 w-full text-left text-sm">
              <thead className="text-xs text-muted">
                <tr>
                  <th className="py-1 font-medium">Month</th>
                  <th className="py-1 font-medium">Reviews</th>
                  <th className="py-1 font-medium">Average</th>
                </tr>
              </thead>
              <tbody>
                {listing.ratingHistory.map((month) => (
                  <tr key={month.month} className="border-t border-line">
                    <td className="py-1">{month.month}</td>
                    <td className="py-1">{month.reviews}</td>
                    <td className="py-1">{formatAverage(month.average)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </div>
      <DecisionForm item={item} />
    </li>
  );
}

/**
 * The decision as a plain form: its choices and fields take input before the page's script runs;
 * the submit button waits for it, then the fields are read from the form.
 */
function DecisionForm({ item }: { item: ReportedReview }) {
  const hydrated = useHydrated();
  const decide = useDecideReview(item.review.id);
  const [error, setError] = useState<string>();
  const id = `decision-${item.review.id}`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const decision = data.get('decision') ?? undefined;
    const parsed = decisionSchema.safeParse({ decision, comment: decision === 'edit' ? data.get('comment') : null, note: data.get('note') });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setError(message);
      toast({ title: 'Decision required', description: message, variant: 'destructive' });
      return;
    }
    setError(undefined);
    decide.mutate(parsed.data, {
      onSuccess: (answer) =>
        toast({
          title: 'Decision saved',
          description: `The review was ${answer.outcome}; ${answer.reportsClosed} ${answer.reportsClosed === 1 ? 'reporter has' : 'reporters have'} been told.`,
        }),
      onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to save the decision'), variant: 'destructive' }),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Decision" className="space-y-3 border-t border-line pt-4">
      <fieldset className="flex flex-wrap gap-x-5 gap-y-2">
        <legend className="mb-1 text-sm font-semibold text-ink">Decision</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="decision" value="keep" className="h-4 w-4" /> Keep the review (close the reports)
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="decision" value="edit" className="h-4 w-4" /> Edit out personal information
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="decision" value="remove" className="h-4 w-4" /> Remove the review
        </label>
      </fieldset>
      <FormField id={`${id}-comment`} label="Edited comment (for Edit)" error={error}>
        <Textarea id={`${id}-comment`} name="comment" rows={3} defaultValue={item.review.comment} />
      </FormField>
      <FormField id={`${id}-note`} label="Note to the reporters (optional)">
        <Textarea id={`${id}-note`} name="note" rows={2} />
      </FormField>
      <Button type="submit" size="sm" disabled={!hydrated || decide.isPending}>
        {decide.isPending ? 'Saving...' : 'Save decision'}
      </Button>
    </form>
  );
}
