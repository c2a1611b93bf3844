import { Link } from 'wouter';
import { Clock, Package, ShieldAlert, Wrench, type IconComponent } from '../../../components/ui/icons';
import { formatPersonName } from '../../../../shared/format';
import type { AuditEntry } from '../../../../shared/schemas/admin-user';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAdminOverview, useAuditLog } from '../api/use-admin-overview';
import { describeAuditEntry } from './audit-text';

/** The four counts of the spec, the reported reviews awaiting a decision (a link to their queue) and the latest administrator actions. */
export function OverviewTab() {
  const overview = useAdminOverview();
  const audit = useAuditLog(10);
  const data = overview.data;
  const cards: { label: string; value: number | undefined; icon: IconComponent; tone: string; href?: string }[] = [
    { label: 'Total Services', value: data?.services.total, icon: Package, tone: 'bg-primary-soft text-primary' },
    { label: 'Total Tools', value: data?.tools.total, icon: Wrench, tone: 'bg-sky-100 text-sky-700' },
    { label: 'Pending Services', value: data?.services.pending, icon: Clock, tone: 'bg-yellow-100 text-yellow-800' },
    { label: 'Pending Tools', value: data?.tools.pending, icon: Clock, tone: 'bg-amber-100 text-amber-800' },
    { label: 'Reported reviews', value: data?.reportedReviews, icon: ShieldAlert, tone: 'bg-red-100 text-red-700', href: '/admin?tab=reported-reviews' },
  ];
  return (
    <div className="space-y-8">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
        {cards.map(({ label, value, icon: Icon, tone, href }) => (
          <Card key={label} className="relative flex items-center gap-3 p-4 sm:p-5">
            <span className={`hidden h-11 w-11 shrink-0 items-center justify-center rounded-lg sm:flex ${tone}`}>
              <Icon className="h-5 w-5" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              {/* The whole card is the link (its ::after covers it), named with its count: "Reported reviews: 3 awaiting a decision". */}
              {href ? (
                <Link
                  href={href}
                  aria-label={value === undefined ? label : `${label}: ${value} awaiting a decision`}
                  className="text-sm text-muted after:absolute after:inset-0 after:rounded-xl hover:text-primary hover:underline"
                >
                  {label}
                </Link>
              ) : (
                <p className="text-sm text-muted">{label}</p>
              )}
              {value === undefined ? <Skeleton className="mt-1 h-7 w-12" /> : <p className="text-2xl font-bold text-ink">{value}</p>}
            </div>
          </Card>
        ))}
      </div>

      <section aria-labelledby="recent-activity">
        <h2 id="recent-activity" className="mb-3 text-lg font-semibold text-ink">
          Recent Activity
        </h2>
        <Card className="divide-y divide-line">
          {audit.isLoading &&
            Array.from({ length: 4 }, (_, i) => (
              <div key={i} className="p-4">
                <Skeleton className="h-4 w-2/3" />
              </div>
            ))}
          {audit.data?.length === 0 && <p className="p-4 text-sm text-muted">No administrator actions yet.</p>}
          {audit.data?.map((entry) => <AuditRow key={entry.id} entry={entry} />)}
        </Card>
      </section>
    </div>
  );
}

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function AuditRow({ entry }: { entry: AuditEntry }) {
  const actor = entry.actor ? formatPersonName(entry.actor) || entry.actor.email : 'A deleted administrator';
  return (
    <div className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-ink">
        <span className="font-medium">{actor}</span> {describeAuditEntry(entry)}
      </p>
      <time dateTime={entry.createdAt} className="shrink-0 text-xs text-muted">
        {when.format(new Date(entry.createdAt))}
      </time>
    </div>
  );
}
