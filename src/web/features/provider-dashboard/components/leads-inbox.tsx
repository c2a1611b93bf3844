import { useState } from 'react';
import { Link } from 'wouter';
import { Mail, MailOpen } from '../../../components/ui/icons';
import { formatDate } from '../../../../shared/format';
import type { Lead } from '../../../../shared/types';
import { listingPath } from '../../../components/listing/listing-paths';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { LEADS_PAGE_SIZE, useLeads } from '../api/use-leads';
import { useMarkLead } from '../api/use-mark-lead';
import { PageButtons } from './page-buttons';

/** Members' messages about the provider's services, newest first, each read or unread. */
export function LeadsInbox() {
  const [offset, setOffset] = useState(0);
  const { data, isLoading, isError } = useLeads(offset);

  if (isLoading) {
    return (
      <div role="status" aria-label="Loading leads" className="space-y-3">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-28" />
        ))}
      </div>
    );
  }
  if (isError || !data) {
    return <p className="rounded-lg border border-line bg-surface p-6 text-center text-sm text-muted">Your leads could not be loaded. Please try again.</p>;
  }
  if (data.items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-line bg-surface px-6 py-12 text-center">
        <Mail className="h-10 w-10 text-muted" aria-hidden="true" />
        <p className="font-semibold text-ink">No leads yet</p>
        <p className="max-w-md text-sm text-muted">When members contact you about one of your services, their messages appear here.</p>
      </div>
    );
  }
  return (
    <>
      <ul className="space-y-3" aria-label="Leads">
        {data.items.map((lead) => (
          <li key={lead.id}>
            <LeadCard lead={lead} />
          </li>
        ))}
      </ul>
      <PageButtons offset={offset} pageSize={LEADS_PAGE_SIZE} total={data.total} onChange={setOffset} />
    </>
  );
}

function LeadCard({ lead }: { lead: Lead }) {
  const mark = useMarkLead();
  const toggle = () =>
    mark.mutate(
      { id: lead.id, read: !lead.read },
      { onError: (error) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }) },
    );
  return (
    <Card className={cn('p-4 sm:p-5', !lead.read && 'border-primary/40 bg-primary-soft/40')} data-testid="lead">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-x-2 font-semibold text-ink">
            {!lead.read && <span className="h-2 w-2 rounded-full bg-primary" aria-label="Unread" role="img" />}
            {lead.name}
            <a href={`mailto:${lead.email}`} className="text-sm font-normal break-all text-primary hover:underline">
              {lead.email}
            </a>
          </p>
          <p className="text-xs text-muted">
            {formatDate(lead.createdAt)}
            {lead.listing && (
              <>
                {' · about '}
                <Link href={listingPath(lead.listing)} className="font-medium text-ink hover:text-primary hover:underline">
                  {lead.listing.title}
                </Link>
              </>
            )}
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={toggle} disabled={mark.isPending} className="self-start">
          {lead.read ? <Mail className="h-4 w-4" aria-hidden="true" /> : <MailOpen className="h-4 w-4" aria-hidden="true" />}
          {lead.read ? 'Mark as unread' : 'Mark as read'}
        </Button>
      </div>
      <p className="mt-3 text-sm whitespace-pre-line text-ink">{lead.message}</p>
    </Card>
  );
}
