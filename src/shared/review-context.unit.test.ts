import { describe, expect, it } from 'vitest';
import { reviewFiltersFrom } from './review-context';

describe("the reviews' filters read from a listing page's address", () => {
  it('takes the choices it knows', () => {
    expect(reviewFiltersFrom(new URLSearchParams('sort=lowest&rating=2&context=resold'))).toEqual({ sort: 'lowest', rating: 2, context: 'resold' });
  });

  it('leaves out what is not a choice, as the default list does', () => {
    expect(reviewFiltersFrom(new URLSearchParams(''))).toEqual({ sort: 'newest' });
    expect(reviewFiltersFrom(new URLSearchParams('sort=oldest&rating=6&context=everyone'))).toEqual({ sort: 'newest' });
    expect(reviewFiltersFrom(new URLSearchParams('rating=2.5'))).toEqual({ sort: 'newest' });
    expect(reviewFiltersFrom(new URLSearchParams('rating=0'))).toEqual({ sort: 'newest' });
  });
});
