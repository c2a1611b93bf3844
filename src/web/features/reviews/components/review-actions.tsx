import { type FormEvent, useRef, useState } from 'react';
import { LOW_RATING_MAX, replySchema, reportReasonLabels, reportReasons, reportSchema, WARN_AFTER_REJECTED } from '../../../../shared/schemas/review-moderation';
import type { Listing, Review, User } from '../../../../shared/types';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/input';
import { errorMessage, isUnauthorized } from '../../../lib/api';
import { redirectAfter } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';
import { useHydrated } from '../../../lib/use-hydrated';
import { useDeleteReply, useReportReview, useReportStatus, useSaveReply } from '../api/use-review-moderation';

type Props = { listing: Pick<Listing, 'id' | 'type' | 'provider'>; member: User; review: Review };

const summaryClass = 'cursor-pointer list-none text-sm font-medium text-primary hover:underline [&::-webkit-details-marker]:hidden';

/**
 * What a signed-in viewer may do under one review: its listing's provider replies (and edits or
 * deletes the reply), anyone but its author reports it. The forms are plain: a `<details>` opens
 * them and their fields take input before the page's script runs; submitting waits for it (the
 * button is disabled until then) and reads the fields from the form, so nothing typed is lost.
 */
export function ReviewActions({ listing, member, review }: Props) {
  const isProvider = listing.provider?.id === member.id;
  const isAuthor = review.user?.id === member.id;
  if (review.status === 'hidden') return null;
  return (
    <div className="mt-2 flex flex-wrap items-start gap-x-4 gap-y-2">
      {isProvider && <ReplyForm listing={listing} review={review} />}
      {!isAuthor && <ReportForm listing={listing} review={review} isProvider={isProvider} />}
    </div>
  );
}

function failed(error: unknown, action: string) {
  if (isUnauthorized(error)) {
    toast({ title: 'Please sign in', description: `You need to be logged in to ${action}.`, variant: 'destructive' });
    redirectAfter('/api/login', 500);
    return;
  }
  toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
}

function ReplyForm({ listing, review }: Omit<Props, 'member'>) {
  const hydrated = useHydrated();
  const details = useRef<HTMLDetailsElement>(null);
  const save = useSaveReply(listing.type, review.id);
  const remove = useDeleteReply(listing.type, review.id);
  const [error, setError] = useState<string>();
  const id = `reply-${review.id}`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = replySchema.safeParse({ body: new FormData(event.currentTarget).get('body') });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setError(message);
      toast({ title: 'Reply required', description: message, variant: 'destructive' });
      return;
    }
    setError(undefined);
    save.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: review.reply ? 'Reply updated' : 'Reply posted', description: review.reply ? 'Your reply has been updated.' : 'The reviewer has been told by e-mail.' });
        if (details.current) details.current.open = false;
      },
      onError: (err) => failed(err, 'reply to reviews'),
    });
  };

  const onDelete = () => {
    if (!window.confirm('Are you sure you want to delete your reply? This action cannot be undone.')) return;
    remove.mutate(undefined, {
      onSuccess: () => toast({ title: 'Reply deleted', description: 'Your reply has been removed from the review.' }),
      onError: (err) => failed(err, 'reply to reviews'),
    });
  };

  return (
    <>
      <details ref={details} className="open:basis-full">
        <summary className={summaryClass}>{review.reply ? 'Edit reply' : 'Reply'}</summary>
        <form onSubmit={onSubmit} noValidate className="mt-2 space-y-3" aria-label={review.reply ? 'Edit your reply' : 'Reply to this review'}>
          <FormField id={id} label="Your public reply" error={error} hint="Shown under the review with a Provider label. Plain text, no rating.">
            <Textarea id={id} name="body" rows={3} defaultValue={review.reply?.body ?? ''} aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined} />
          </FormField>
          <Button type="submit" size="sm" disabled={!hydrated || save.isPending}>
            {save.isPending ? 'Saving...' : review.reply ? 'Save reply' : 'Post reply'}
          </Button>
        </form>
      </details>
      {review.reply && (
        <button type="button" className="text-sm font-medium text-danger hover:underline disabled:opacity-50" disabled={!hydrated || remove.isPending} onClick={onDelete}>
          Delete reply
        </button>
      )}
    </>
  );
}

function ReportForm({ listing, review, isProvider }: Omit<Props, 'member'> & { isProvider: boolean }) {
  const hydrated = useHydrated();
  const status = useReportStatus(listing.type, listing.id);
  const report = useReportReview(listing.type, review.id);
  const [error, setError] = useState<string>();
  const id = `report-${review.id}`;

  if (status.data?.reportedReviewIds.includes(review.id)) {
    return (
      <p className="text-sm text-muted">
        You reported this review. A moderator will look at it.{' '}
        <a href={isProvider ? '/provider?tab=reports' : '/dashboard?tab=reports'} className="link-in-text">
          Follow your reports
        </a>
      </p>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = reportSchema.safeParse({ reason: data.get('reason') ?? undefined, details: data.get('details') });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setError(message);
      toast({ title: 'Reason required', description: message, variant: 'destructive' });
      return;
    }
    setError(undefined);
    report.mutate(parsed.data, {
      onSuccess: (answer) =>
        toast({
          title: 'Report sent',
          description: answer.reviewStatus === 'hidden' ? 'The review is hidden until a moderator decides.' : 'The review stays up, marked under review, until a moderator decides.',
        }),
      onError: (err) => failed(err, 'report reviews'),
    });
  };

  return (
    <details className="open:basis-full">
      <summary className={summaryClass}>Report</summary>
      <form onSubmit={onSubmit} noValidate className="mt-2 space-y-3" aria-label="Report this review">
        {isProvider && status.data?.warned && (
          <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            Warning: your last {WARN_AFTER_REJECTED} reports were all on reviews of {LOW_RATING_MAX} stars or fewer, and moderators kept every one. Report only
            reviews that break the rules; a low rating alone is not a reason.
          </p>
        )}
        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium text-ink">What is wrong with this review?</legend>
          {reportReasons.map((reason) => (
            <label key={reason} className="flex items-center gap-2 text-sm text-ink">
              <input type="radio" name="reason" value={reason} className="h-4 w-4 accent-[var(--color-primary)]" />
              {reportReasonLabels[reason]}
            </label>
          ))}
        </fieldset>
        <FormField id={id} label="Details (required for Other)" error={error}>
          <Textarea id={id} name="details" rows={2} aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined} />
        </FormField>
        <p className="text-xs text-muted">Personal information or abuse hides the review until a moderator decides; any other reason leaves it up, marked under review.</p>
        <Button type="submit" size="sm" variant="outline" disabled={!hydrated || report.isPending}>
          {report.isPending ? 'Sending...' : 'Send report'}
        </Button>
      </form>
    </details>
  );
}
