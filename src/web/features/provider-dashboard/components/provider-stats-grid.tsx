import { CheckCircle2, Clock, Eye, Heart, Inbox, Star, XCircle, type IconComponent } from '../../../components/ui/icons';
import { formatAverage } from '../../../../shared/format';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useProviderStats } from '../api/use-provider-stats';

type Stat = { label: string; value: string; detail?: string; icon: IconComponent; tone: string };

const number = new Intl.NumberFormat('en-US');

/** The numbers a provider checks first: what is live, waiting or rejected, and what buyers do with it. */
export function ProviderStatsGrid() {
  const { data: stats, isLoading, isError } = useProviderStats();
  if (isError) return null;
  if (isLoading || !stats) {
    return (
      <div role="status" aria-label="Loading statistics" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-7">
        {Array.from({ length: 7 }, (_, index) => (
          <Skeleton key={index} className="h-24" />
        ))}
      </div>
    );
  }
  const items: Stat[] = [
    { label: 'Live', value: number.format(stats.listings.live), icon: CheckCircle2, tone: 'text-success bg-green-50' },
    {
      label: 'Pending',
      value: number.format(stats.listings.pending),
      detail: stats.listings.updatesPending ? `+ ${stats.listings.updatesPending} update${stats.listings.updatesPending === 1 ? '' : 's'}` : undefined,
      icon: Clock,
      tone: 'text-warning bg-yellow-50',
    },
    { label: 'Rejected', value: number.format(stats.listings.rejected), icon: XCircle, tone: 'text-danger bg-red-50' },
    { label: 'Total views', value: number.format(stats.views), icon: Eye, tone: 'text-primary bg-primary-soft' },
    { label: 'Favorites', value: number.format(stats.favorites), icon: Heart, tone: 'text-rose-600 bg-rose-50' },
    {
      label: 'Reviews',
      value: number.format(stats.reviews.count),
      detail: stats.reviews.count ? `${formatAverage(stats.reviews.averageRating)} average` : 'No reviews',
      icon: Star,
      tone: 'text-amber-600 bg-amber-50',
    },
    {
      label: 'Leads (30 days)',
      value: number.format(stats.leads.last30Days),
      detail: stats.leads.unread ? `${stats.leads.unread} unread` : undefined,
      icon: Inbox,
      tone: 'text-sky-700 bg-sky-50',
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-7">
      {items.map(({ label, value, detail, icon: Icon, tone }) => (
        <Card key={label} className="flex flex-col gap-1 p-3 sm:gap-2 sm:p-4">
          {/* dt and dd are the card's own children: a dl holds its groups directly or in one div each. */}
          <dt className="flex items-center justify-between gap-2 text-sm font-medium text-muted">
            {label}
            <span className={`rounded-md p-1.5 ${tone}`}>
              <Icon className="h-4 w-4" aria-hidden="true" />
            </span>
          </dt>
          <dd className="text-xl font-bold text-ink sm:text-2xl">
            {value}
            {detail && <span className="mt-0.5 block text-xs font-normal text-muted">{detail}</span>}
          </dd>
        </Card>
      ))}
    </dl>
  );
}
