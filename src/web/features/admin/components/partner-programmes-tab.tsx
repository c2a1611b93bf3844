import { useState } from 'react';
import { Link } from 'wouter';
import { formatDate } from '../../../../shared/format';
import { programmeTypeLabels, visibilityLabels } from '../../../../shared/partner-wording';
import type { AdminProgrammeJson } from '../../../../shared/schemas/partner-programme-json';
import { listingPath } from '../../../components/listing/listing-paths';
import { LocalDate } from '../../../components/local-date';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { BadgeCheck } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { PROGRAMMES_PAGE_SIZE, type ProgrammeFilter, useAdminProgrammes } from '../api/use-admin-programmes';
import { usePageCount } from '../use-page-count';
import { Pager } from './pager';
import { VerifyProgrammeDialog } from './verify-programme-dialog';

const filters: { value: ProgrammeFilter; label: string; empty: string }[] = [
  { value: 'all', label: 'All', empty: 'No listing has a partner programme yet.' },
  { value: 'unverified', label: 'Unverified', empty: 'Every partner programme has been verified.' },
  { value: 'stale', label: 'Stale', empty: 'No verification is older than 180 days.' },
];

const sourceLabels = { document: 'document', vendor_portal: 'vendor portal', call: 'call' } as const;

/**
 * Partner programmes: every listing's programme, unverified first, then the oldest verifications,
 * with who checked the terms when and from what, and "Verify" to record a new check
 * (docs/decisions/partner-programmes.md). A proposed change is decided in Pending Approval.
 */
export function PartnerProgrammesTab() {
  const [filter, setFilter] = useState<ProgrammeFilter>('all');
  const [page, setPage] = useState(1);
  const programmes = useAdminProgrammes(filter, page);
  const pageCount = usePageCount(programmes.data?.total, PROGRAMMES_PAGE_SIZE, page, setPage);
  const [verifying, setVerifying] = useState<AdminProgrammeJson | null>(null);

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted">Terms are stale once their last check is over 180 days old.</p>
        <div role="group" aria-label="Verification" className="flex gap-1 overflow-x-auto rounded-lg bg-slate-100 p-1">
          {filters.map((option) => (
            <button
              key={option.value}
              type="button"
              aria-pressed={filter === option.value}
              onClick={() => {
                setFilter(option.value);
                setPage(1);
              }}
              className={cn(
                'flex h-8 flex-1 cursor-pointer items-center justify-center rounded-md px-3 text-sm font-medium whitespace-nowrap text-slate-600 hover:text-ink',
                filter === option.value && 'bg-surface text-ink shadow-sm',
              )}
            >
              {option.label}
            </button>
          ))}
        </div>
      </div>

      {programmes.isLoading ? (
        <div className="space-y-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-24 w-full" />
          ))}
        </div>
      ) : programmes.data?.items.length === 0 ? (
        <Card className="p-10 text-center text-muted">{filters.find((option) => option.value === filter)!.empty}</Card>
      ) : (
        <>
          {programmes.data && (
            <p className="text-sm text-muted" aria-live="polite">
              {programmes.data.total.toLocaleString('en-US')} {programmes.data.total === 1 ? 'programme' : 'programmes'}
            </p>
          )}
          <ul className={cn('space-y-3', programmes.isFetching && 'opacity-70')} aria-label="Partner programmes list" aria-busy={programmes.isFetching}>
            {programmes.data?.items.map((programme) => (
              <li key={programme.listingId}>
                <ProgrammeRow programme={programme} onVerify={() => setVerifying(programme)} />
              </li>
            ))}
          </ul>
        </>
      )}
      <Pager page={page} pageCount={pageCount} onPageChange={setPage} label="Pages of partner programmes" />
      <VerifyProgrammeDialog programme={verifying} onOpenChange={(open) => !open && setVerifying(null)} />
    </div>
  );
}

function ProgrammeRow({ programme, onVerify }: { programme: AdminProgrammeJson; onVerify: () => void }) {
  const hasProgramme = programme.programmeTypes !== null;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="admin-programme" aria-label={programme.title}>
      <div className="min-w-0 space-y-1.5">
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge tone={programme.type === 'tools' ? 'primary' : 'neutral'}>{programme.type === 'tools' ? 'Tool' : 'Service'}</Badge>
          {programme.programmeTypes?.map((type) => (
            <Badge key={type} tone="primary">
              {programmeTypeLabels[type]}
            </Badge>
          ))}
          {programme.proposedAt && <Badge tone="yellow">Change awaiting approval</Badge>}
        </div>
        <h2 className="font-semibold break-words text-ink">
          <Link href={listingPath({ type: programme.type, slug: programme.slug, id: programme.listingId })} className="hover:text-primary hover:underline">
            {programme.title}
          </Link>
        </h2>
        <p className="text-xs break-words text-muted">
          {programme.provider ? programme.provider.name : 'Unknown provider'}
          {programme.visibility && <> · Numbers shown to: {visibilityLabels[programme.visibility]}</>}
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
          {!hasProgramme ? (
            <span className="text-muted">No live programme yet: the proposal is in Pending Approval</span>
          ) : programme.verifiedAt ? (
            <span className={programme.stale ? 'font-medium text-amber-800' : 'font-medium text-green-800'}>
              Verified {formatDate(programme.verifiedAt, { utc: true })}
              {programme.verificationSource && ` (${sourceLabels[programme.verificationSource]})`}
              {programme.stale && ' · stale'}
            </span>
          ) : (
            <span className="font-medium text-amber-800">Unverified</span>
          )}
          {programme.termsChangedAt && (
            <span className="text-muted">
              Terms changed on <LocalDate iso={programme.termsChangedAt} />
            </span>
          )}
        </p>
      </div>
      {hasProgramme && (
        <Button variant="outline" size="sm" className="shrink-0" onClick={onVerify}>
          <BadgeCheck className="h-4 w-4" aria-hidden="true" />
          Verify
        </Button>
      )}
    </Card>
  );
}
