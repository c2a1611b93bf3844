import type { ListingSummary } from '../../../../shared/types';
import { FavoriteButton } from './favorite-button';

/** The heart for a card, in the shape the catalogue's lists take (`renderAction`). */
export const favoriteAction = (listing: ListingSummary) => <FavoriteButton listing={listing} />;
