import { Calendar, Globe, Star } from '../../../../components/ui/icons';
import { formatAverage, formatPersonName, formatProviderName } from '../../../../../shared/format';
import { PlanBadge } from '../../../../components/listing/plan-badge';
import { LocalDate } from '../../../../components/local-date';
import type { ProviderProfile } from '../../../../../shared/types';
import { ProviderAvatar } from '../detail/provider-avatar';

/** Who the provider is: picture, company and person, website, how long they have been here, and their rating. */
export function CompanyProfileCard({ provider }: { provider: ProviderProfile }) {
  const name = formatProviderName(provider);
  const person = formatPersonName(provider);
  return (
    <section aria-label="Profile" className="rounded-xl border border-line bg-surface p-6 shadow-sm sm:p-8">
      <div className="flex flex-col items-start gap-5 sm:flex-row sm:items-center">
        <ProviderAvatar name={name} imageUrl={provider.profileImageUrl} size={80} className="h-20 w-20 shrink-0 text-2xl" />
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words text-ink sm:text-3xl">{name}</h1>
            <PlanBadge badge={provider.badge} />
          </div>
          {person && person !== name && <p className="text-muted">{person}</p>}
          <div className="flex flex-wrap items-center gap-x-5 gap-y-1 pt-1 text-sm text-muted">
            <span className="inline-flex items-center gap-1">
              <Star aria-hidden="true" className="h-4 w-4 fill-amber-400 text-amber-400" />
              <span className="font-semibold text-ink">{formatAverage(provider.rating)}</span>
              <span>rating</span>
            </span>
            <span className="inline-flex items-center gap-1">
              <Calendar aria-hidden="true" className="h-4 w-4" />
              Member since <LocalDate iso={provider.createdAt} />
            </span>
            {provider.website && (
              <a href={provider.website} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-primary hover:underline">
                <Globe aria-hidden="true" className="h-4 w-4" />
                Website
              </a>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
