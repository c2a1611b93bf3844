import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, type FieldErrors, useForm } from 'react-hook-form';
import { Star } from '../../../components/ui/icons';
import { type ReviewInput, type ReviewPayload, reviewRatings, reviewSchema } from '../../../../shared/schemas/review';
import type { ListingType } from '../../../../shared/types';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { errorMessage, isUnauthorized } from '../../../lib/api';
import { redirectAfter } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';
import { useSubmitReview } from '../api/use-submit-review';
import { agencySizeLabel, agencySizes, reviewerContextLabels, reviewerContexts } from '../../../../shared/review-context';

/** The select's value for "not saying" (a select item cannot have an empty value). */
const UNSAID = 'unsaid';
const blankReview: ReviewInput = { rating: 5, comment: '', reviewerContext: null, agencySize: null };

const ratingLabel = (rating: number) => `${rating} ${rating === 1 ? 'star' : 'stars'}`;

/**
 * The detail page's review form (signed-in members only): a rating from 5 down to 1, a comment, and
 * optionally how the reviewer used it and their agency's size, shown beside the review.
 */
export function ReviewForm({ type, listingId }: { type: ListingType; listingId: number }) {
  const submit = useSubmitReview(type, listingId);
  const form = useForm<ReviewInput, unknown, ReviewPayload>({
    resolver: zodResolver(reviewSchema),
    defaultValues: blankReview,
  });
  const commentError = form.formState.errors.comment?.message;

  const onValid = (review: ReviewPayload) =>
    submit.mutate(review, {
      onSuccess: () => {
        toast({ title: 'Review submitted', description: 'Thank you for your feedback!' });
        form.reset(blankReview);
      },
      onError: (error) => {
        if (isUnauthorized(error)) {
          toast({ title: 'Please sign in', description: 'You need to be logged in to leave a review.', variant: 'destructive' });
          redirectAfter('/api/login', 500);
          return;
        }
        toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
      },
    });

  const onInvalid = (errors: FieldErrors<ReviewInput>) => {
    if (errors.comment) toast({ title: 'Review required', description: errors.comment.message, variant: 'destructive' });
  };

  return (
    <form onSubmit={form.handleSubmit(onValid, onInvalid)} noValidate className="space-y-4 rounded-xl border border-line bg-canvas p-4 sm:p-5">
      <h3 className="text-base font-semibold text-ink">Write a review</h3>
      <ul aria-label="Review rules" className="list-disc space-y-0.5 pl-5 text-xs text-muted">
        <li>One review per member: writing again replaces your earlier review.</li>
        <li>No reviews of your own listings, or of a competitor's.</li>
        <li>If you were paid, given a discount or any other incentive for this review, say so in it.</li>
      </ul>
      <FormField id="review-rating" label="Rating">
        <Controller
          control={form.control}
          name="rating"
          render={({ field }) => (
            <Select value={String(field.value ?? 5)} onValueChange={(value) => field.onChange(Number(value))}>
              <SelectTrigger id="review-rating" className="sm:w-48" onBlur={field.onBlur}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {reviewRatings.map((rating) => (
                  <SelectItem key={rating} value={String(rating)}>
                    <span className="inline-flex items-center gap-2">
                      <span className="inline-flex" aria-hidden="true">
                        {Array.from({ length: rating }, (_, index) => (
                          <Star key={index} className="h-3.5 w-3.5 fill-amber-400 text-amber-400" />
                        ))}
                      </span>
                      {ratingLabel(rating)}
                    </span>
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="review-context" label="How did you use it? (optional)">
          <Controller
            control={form.control}
            name="reviewerContext"
            render={({ field }) => (
              <Select value={field.value ?? UNSAID} onValueChange={(value) => field.onChange(value === UNSAID ? null : value)}>
                <SelectTrigger id="review-context" onBlur={field.onBlur}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={UNSAID}>Prefer not to say</SelectItem>
                  {reviewerContexts.map((context) => (
                    <SelectItem key={context} value={context}>
                      {reviewerContextLabels[context]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>
        <FormField id="review-agency-size" label="Your agency's size (optional)">
          <Controller
            control={form.control}
            name="agencySize"
            render={({ field }) => (
              <Select value={field.value ?? UNSAID} onValueChange={(value) => field.onChange(value === UNSAID ? null : value)}>
                <SelectTrigger id="review-agency-size" onBlur={field.onBlur}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={UNSAID}>Prefer not to say</SelectItem>
                  {agencySizes.map((size) => (
                    <SelectItem key={size} value={size}>
                      {agencySizeLabel(size)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>
      </div>
      <FormField id="review-comment" label="Your review" error={commentError}>
        <Textarea
          id="review-comment"
          rows={4}
          placeholder="What was it like to work with them? What should other agencies know?"
          aria-invalid={!!commentError}
          aria-describedby={commentError ? 'review-comment-error' : undefined}
          {...form.register('comment')}
        />
      </FormField>
      <Button type="submit" disabled={submit.isPending}>
        {submit.isPending ? 'Submitting...' : 'Submit Review'}
      </Button>
    </form>
  );
}
