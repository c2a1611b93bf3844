import { lazy, Suspense, useState } from 'react';
import { formatDate } from '../../../../shared/format';
import { applicationStatusLabels } from '../../../../shared/partner-application-values';
import type { ListingType, User } from '../../../../shared/types';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useMyApplications } from '../api/use-applications';
import { statusTones } from './status-tones';

// The form carries the form and schema libraries, code a listing page would otherwise load for a
// button most visitors never press: it loads when the pointer or focus reaches the button.
const loadForm = () => import('./application-form');
const ApplicationForm = lazy(() => loadForm().then((m) => ({ default: m.ApplicationForm })));

type Props = { type: ListingType; listingId: number; member: User | null; isOwn: boolean };

const DASHBOARD = '/dashboard?tab=applications';

/**
 * "Apply to become a partner" in a listing's partner programme panel: the form for a signed-in
 * member, the state of their application once sent, a sign-in link for a visitor, nothing for
 * the listing's own provider.
 */
export function ApplyToProgramme({ type, listingId, member, isOwn }: Props) {
  const mine = useMyApplications(!!member && !isOwn);
  const [open, setOpen] = useState(false);
  if (isOwn) return null;
  if (!member) {
    return (
      <p className="text-sm text-muted">
        <a href="/api/login" className="link-in-text">
          Sign in
        </a>{' '}
        to apply to the partner programme here.
      </p>
    );
  }
  if (mine.isPending) return null;
  const latest = mine.data?.find((application) => application.listing.id === listingId);
  const waiting = latest?.status === 'declined' && latest.reapplyAfter && new Date(latest.reapplyAfter) > new Date();
  if (latest && (latest.status === 'pending' || latest.status === 'info_requested' || latest.status === 'approved' || waiting)) {
    return (
      <div className="space-y-1 rounded-md border border-line bg-canvas p-3 text-sm" data-testid="my-application-status">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-ink">Your partner application</span>
          <Badge tone={statusTones[latest.status]}>{applicationStatusLabels[latest.status]}</Badge>
        </p>
        <p className="text-muted">
          {latest.status === 'approved'
            ? 'You are a partner: the partner terms above are shown to you.'
            : waiting
              ? `You can apply again from ${formatDate(latest.reapplyAfter!, { utc: true })}.`
              : `Sent ${formatDate(latest.createdAt, { utc: true })}.`}{' '}
          <a href={DASHBOARD} className="link-in-text">
            See your applications
          </a>
        </p>
      </div>
    );
  }
  const button = (
    <Button variant="secondary" onPointerEnter={() => void loadForm()} onFocus={() => void loadForm()} onClick={() => setOpen(true)}>
      Apply to become a partner
    </Button>
  );
  if (!open) return button;
  return (
    <Suspense fallback={button}>
      <ApplicationForm type={type} listingId={listingId} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
