import { Star } from '../../../../components/ui/icons';

/** Five stars, `rating` of them filled, with the number for screen readers. */
export function StarRow({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className="inline-flex gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden="true" className={n <= Math.round(rating) ? 'h-4 w-4 fill-amber-400 text-amber-400' : 'h-4 w-4 text-slate-300'} />
      ))}
    </span>
  );
}
