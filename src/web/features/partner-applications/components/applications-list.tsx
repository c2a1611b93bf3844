import { useState } from 'react';
import type { PartnerApplicationJson } from '../../../../shared/schemas/partner-application';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAdminApplications, useMyApplications, useProviderApplications } from '../api/use-applications';
import { ApplicationCard, type ApplicationSide } from './application-card';

const filters = [
  ['open', 'Open'],
  ['approved', 'Approved'],
  ['declined', 'Declined'],
  ['withdrawn', 'Withdrawn'],
  ['all', 'All'],
] as const;

function List({ side, data, isLoading, isError, empty }: { side: ApplicationSide; data?: PartnerApplicationJson[]; isLoading: boolean; isError: boolean; empty: string }) {
  if (isLoading) {
    return (
      <div role="status" aria-label="Loading applications" className="space-y-3">
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
    );
  }
  if (isError || !data) return <p className="rounded-lg border border-line bg-surface p-6 text-center text-sm text-muted">The applications could not be loaded. Please try again.</p>;
  if (data.length === 0) return <p className="rounded-xl border border-dashed border-line bg-surface px-6 py-10 text-center text-sm text-muted">{empty}</p>;
  return (
    <ul className="space-y-3" aria-label="Partner applications">
      {data.map((application) => (
        <li key={application.id}>
          <ApplicationCard application={application} side={side} />
        </li>
      ))}
    </ul>
  );
}

function Filters({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div role="group" aria-label="Show applications" className="flex flex-wrap gap-2">
      {filters.map(([key, label]) => (
        <button
          key={key}
          type="button"
          aria-pressed={value === key}
          onClick={() => onChange(key)}
          className="rounded-full border border-line px-3 py-1 text-sm text-ink aria-pressed:border-primary aria-pressed:bg-primary-soft aria-pressed:text-primary"
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/** The provider dashboard's Applications tab: agencies' applications to the provider's partner programmes. */
export function ApplicationsInbox() {
  const [status, setStatus] = useState('open');
  const query = useProviderApplications(status);
  return (
    <section aria-labelledby="applications-heading" className="max-w-3xl space-y-4">
      <div>
        <h2 id="applications-heading" className="text-xl font-semibold text-ink">
          Partner applications
        </h2>
        <p className="mt-1 text-sm text-muted">Agencies asking to join your partner programmes. Approved agencies see your terms on request; each decision e-mails them once.</p>
      </div>
      <Filters value={status} onChange={setStatus} />
      <List side="provider" {...query} empty="No applications here yet. Agencies apply from your listings' partner programme panel." />
    </section>
  );
}

/** The member dashboard's Applications tab: the member's own applications, with their status and dates. */
export function MyApplications() {
  const query = useMyApplications();
  return (
    <section aria-labelledby="my-applications-heading" className="max-w-3xl space-y-4">
      <div>
        <h2 id="my-applications-heading" className="text-xl font-semibold text-ink">
          My partner applications
        </h2>
        <p className="mt-1 text-sm text-muted">Programmes you applied to, and what their providers decided. Only you and the provider see an application.</p>
      </div>
      <List side="applicant" {...query} empty="You have not applied to a partner programme yet. Apply from a listing's partner programme panel." />
    </section>
  );
}

/** The administrators' Partner applications tab: every application, with the provider's actions. */
export function AdminApplications() {
  const [status, setStatus] = useState('open');
  const query = useAdminApplications(status);
  return (
    <section aria-labelledby="admin-applications-heading" className="space-y-4">
      <h2 id="admin-applications-heading" className="text-xl font-semibold text-ink">
        Partner applications
      </h2>
      <Filters value={status} onChange={setStatus} />
      <List side="admin" {...query} empty="No applications here." />
    </section>
  );
}
