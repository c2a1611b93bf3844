import { Link } from 'wouter';
import { formatDate } from '../../../../shared/format';
import { type OwnReviewReport, ownReportStatusLabels, reportReasonLabels } from '../../../../shared/schemas/review-moderation';
import { listingPath } from '../../../components/listing/listing-paths';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { ShieldAlert } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { MY_REPORTS_SHOWN, useMyReports } from '../api/use-my-reports';

const tones: Record<OwnReviewReport['status'], BadgeTone> = { open: 'yellow', kept: 'neutral', edited: 'primary', removed: 'green' };

/**
 * "My reports", in the member's and the provider's dashboards: the reviews the signed-in person
 * reported, the newest first, each open ("Under review") or decided, with the date. Only their own
 * reports: the server answers nothing else.
 */
export function MyReports() {
  const { data, isLoading, isError } = useMyReports();
  return (
    <section aria-labelledby="my-reports-heading" className="max-w-3xl space-y-4">
      <div>
        <h2 id="my-reports-heading" className="text-xl font-semibold text-ink">
          My reports
        </h2>
        <p className="mt-1 text-sm text-muted">Reviews you reported to the moderators, and what they decided. Only you see this list.</p>
      </div>
      {isLoading ? (
        <div role="status" aria-label="Loading your reports" className="space-y-3">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : isError || !data ? (
        <p className="rounded-lg border border-line bg-surface p-6 text-center text-sm text-muted">Your reports could not be loaded. Please try again.</p>
      ) : data.items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-line bg-surface px-6 py-10 text-center">
          <ShieldAlert className="h-9 w-9 text-muted" aria-hidden="true" />
          <p className="font-semibold text-ink">No reports</p>
          <p className="max-w-md text-sm text-muted">When you report a review that breaks the rules, you can follow the moderators’ decision here.</p>
        </div>
      ) : (
        <>
          <ul className="space-y-3" aria-label="My reports">
            {data.items.map((report) => (
              <li key={report.id} aria-label={`Report of a review of ${report.listing.title}`}>
                <ReportCard report={report} />
              </li>
            ))}
          </ul>
          {data.total > data.items.length && (
            <p className="text-sm text-muted">
              Your {MY_REPORTS_SHOWN} latest reports of {data.total}.
            </p>
          )}
        </>
      )}
    </section>
  );
}

function ReportCard({ report }: { report: OwnReviewReport }) {
  const title = report.listing.live ? (
    <Link href={listingPath(report.listing)} className="font-medium text-ink hover:text-primary hover:underline">
      {report.listing.title}
    </Link>
  ) : (
    <span className="font-medium text-ink">{report.listing.title}</span>
  );
  return (
    <Card className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="text-sm text-ink">
          A {report.review.rating}-star review of {title}
          {report.role === 'provider' && <span className="text-muted"> (your listing)</span>}
        </p>
        <p className="text-sm text-muted">
          {reportReasonLabels[report.reason]} · reported on <time dateTime={report.reportedAt}>{formatDate(report.reportedAt, { utc: true })}</time>
        </p>
      </div>
      <div className="shrink-0 space-y-1 sm:text-right">
        <Badge tone={tones[report.status]}>{ownReportStatusLabels[report.status]}</Badge>
        {report.decidedAt && (
          <p className="text-xs text-muted">
            Decided on <time dateTime={report.decidedAt}>{formatDate(report.decidedAt, { utc: true })}</time>
          </p>
        )}
      </div>
    </Card>
  );
}
