import { type FormEvent, useState } from 'react';
import { formatDate } from '../../../../shared/format';
import { applicationStatusLabels, declineReasonLabels, declineReasons, type ApplicationStatus } from '../../../../shared/partner-application-values';
import type { PartnerApplicationJson } from '../../../../shared/schemas/partner-application';
import { listingPath } from '../../../components/listing/listing-paths';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { ExternalLink } from '../../../components/ui/icons';
import { Input, Textarea } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { type ApplicationAction, useApplicationAction } from '../api/use-application-actions';
import { statusTones } from './status-tones';

export type ApplicationSide = 'applicant' | 'provider' | 'admin';


const select = 'h-10 w-full rounded-md border border-line bg-surface px-3 text-sm text-ink focus-visible:outline-2 focus-visible:outline-primary';
const authorLabels = { applicant: 'The agency', provider: 'The provider', admin: 'The directory team' } as const;

type Mode = 'approve' | 'decline' | 'request-info' | 'answer' | 'withdraw';

/** What each side may do in each state (the server decides; this only offers what it will take). */
function actionsFor(side: ApplicationSide, status: ApplicationStatus): Mode[] {
  if (side === 'applicant') {
    if (status === 'info_requested') return ['answer', 'withdraw'];
    return status === 'pending' || status === 'approved' ? ['withdraw'] : [];
  }
  if (status === 'pending') return ['approve', 'request-info', 'decline', 'withdraw'];
  if (status === 'info_requested') return ['approve', 'decline', 'withdraw'];
  return status === 'approved' ? ['withdraw'] : [];
}

const buttonLabels: Record<Mode, string> = {
  approve: 'Approve',
  decline: 'Decline',
  'request-info': 'Ask for more information',
  answer: 'Answer',
  withdraw: 'Withdraw',
};

/** One application: the agency's answers, the thread, the onboarding once approved, and the side's actions. */
export function ApplicationCard({ application: a, side }: { application: PartnerApplicationJson; side: ApplicationSide }) {
  const [mode, setMode] = useState<Mode | null>(null);
  const actions = actionsFor(side, a.status);
  const heading = side === 'applicant' ? a.listing.title : a.agencyName;
  return (
    <Card className="space-y-4 p-5" data-testid="partner-application">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-base font-semibold text-ink break-words">
            {side === 'applicant' ? (
              <a className="hover:underline" href={listingPath(a.listing)}>
                {heading}
              </a>
            ) : (
              heading
            )}
          </h3>
          <p className="text-sm text-muted">
            {side === 'applicant' ? (
              <>Partner programme</>
            ) : (
              <>
                For <a className="font-medium text-primary hover:underline" href={listingPath(a.listing)}>{a.listing.title}</a> · {a.applicant.name}
              </>
            )}
          </p>
        </div>
        <Badge tone={statusTones[a.status]}>{applicationStatusLabels[a.status]}</Badge>
      </div>

      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
        <dt className="text-muted">Applied</dt>
        <dd>{formatDate(a.createdAt, { utc: true })}</dd>
        {a.decidedAt && (
          <>
            <dt className="text-muted">{a.status === 'withdrawn' ? 'Withdrawn' : 'Decided'}</dt>
            <dd>{formatDate(a.decidedAt, { utc: true })}</dd>
          </>
        )}
        {side !== 'applicant' && (
          <>
            <dt className="text-muted">Website</dt>
            <dd className="break-all">
              <a className="text-primary hover:underline" href={a.agencyWebsite} target="_blank" rel="noopener noreferrer nofollow">
                {a.agencyWebsite}
              </a>
            </dd>
          </>
        )}
        <dt className="text-muted">Clients</dt>
        <dd>{a.clientCount}</dd>
        <dt className="text-muted">Regions</dt>
        <dd className="break-words">{a.regions}</dd>
        <dt className="text-muted">Services</dt>
        <dd className="break-words">{a.services}</dd>
        <dt className="text-muted">Message</dt>
        <dd className="break-words whitespace-pre-line">{a.message}</dd>
      </dl>

      {a.status === 'declined' && a.declineReason && (
        <p className="rounded-md bg-red-50 p-3 text-sm text-red-900">
          Declined: {declineReasonLabels[a.declineReason]}.{' '}
          {a.reapplyAfter && new Date(a.reapplyAfter) > new Date() ? `A new application is possible from ${formatDate(a.reapplyAfter, { utc: true })}.` : 'A new application is possible now.'}
        </p>
      )}

      {a.thread.length > 0 && (
        <ol className="space-y-2" aria-label="Messages">
          {a.thread.map((m) => (
            <li key={m.id} className="rounded-md border border-line bg-canvas p-3 text-sm">
              <p className="text-xs text-muted">
                {authorLabels[m.authorRole]} · {formatDate(m.createdAt, { utc: true })}
              </p>
              <p className="mt-1 break-words whitespace-pre-line text-ink">{m.body}</p>
            </li>
          ))}
        </ol>
      )}

      {a.onboarding && <Onboarding onboarding={a.onboarding} side={side} />}

      {actions.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {actions.map((action) => (
            <Button
              key={action}
              size="sm"
              variant={action === 'approve' || action === 'answer' ? 'primary' : action === 'decline' ? 'destructive' : 'outline'}
              aria-expanded={mode === action}
              onClick={() => setMode(mode === action ? null : action)}
            >
              {action === 'withdraw' && a.status === 'approved' ? 'End the partnership' : buttonLabels[action]}
            </Button>
          ))}
        </div>
      )}
      {mode && <ActionForm key={mode} id={a.id} mode={mode} onDone={() => setMode(null)} />}
    </Card>
  );
}

function Onboarding({ onboarding, side }: { onboarding: NonNullable<PartnerApplicationJson['onboarding']>; side: ApplicationSide }) {
  return (
    <div className="space-y-2 rounded-md bg-green-50 p-3 text-sm text-green-900">
      <p className="font-medium">{side === 'applicant' ? 'You are a partner: the partner terms are shown to you on the listing.' : 'Approved: the agency sees the terms on request.'}</p>
      {onboarding.welcomeMessage && <p className="break-words whitespace-pre-line">{onboarding.welcomeMessage}</p>}
      <div className="flex flex-wrap gap-3">
        {onboarding.joinUrl && (
          <a className="inline-flex items-center gap-1 font-medium underline" href={onboarding.joinUrl} target="_blank" rel="noopener noreferrer">
            Join the programme <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
          </a>
        )}
        {onboarding.termsUrl && (
          <a className="inline-flex items-center gap-1 font-medium underline" href={onboarding.termsUrl} target="_blank" rel="noopener noreferrer">
            Partner terms <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
          </a>
        )}
      </div>
    </div>
  );
}

const doneToasts: Record<Mode, string> = {
  approve: 'Application approved',
  decline: 'Application declined',
  'request-info': 'Question sent',
  answer: 'Answer sent',
  withdraw: 'Application withdrawn',
};

function ActionForm({ id, mode, onDone }: { id: number; mode: Mode; onDone: () => void }) {
  const act = useApplicationAction(id);
  const [text, setText] = useState('');
  const [reason, setReason] = useState<string>('not_a_fit');
  const [days, setDays] = useState('30');
  const field = `application-${id}-${mode}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request: ApplicationAction =
      mode === 'approve'
        ? { action: 'approve', body: { welcomeMessage: text } }
        : mode === 'decline'
          ? { action: 'decline', body: { reason, note: text, reapplyAfterDays: Number(days) } }
          : mode === 'withdraw'
            ? { action: 'withdraw', body: { note: text } }
            : { action: mode, body: { message: text } };
    act.mutate(request, {
      onSuccess: () => {
        toast({ title: doneToasts[mode] });
        onDone();
      },
      onError: (error) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
    });
  };

  const textLabel = {
    approve: 'Welcome message (optional): first steps, who to contact',
    decline: 'Note to the agency (optional)',
    'request-info': 'Your question',
    answer: 'Your answer',
    withdraw: 'Note (optional)',
  }[mode];
  const required = mode === 'request-info' || mode === 'answer';
  return (
    <form onSubmit={submit} className="space-y-3 rounded-md border border-line p-3" aria-label={buttonLabels[mode]}>
      {mode === 'decline' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField id={`${field}-reason`} label="Reason">
            <select id={`${field}-reason`} className={select} value={reason} onChange={(event) => setReason(event.target.value)}>
              {declineReasons.map((value) => (
                <option key={value} value={value}>
                  {declineReasonLabels[value]}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id={`${field}-days`} label="Days before they may apply again">
            <Input id={`${field}-days`} type="number" min={0} max={365} inputMode="numeric" value={days} onChange={(event) => setDays(event.target.value)} />
          </FormField>
        </div>
      )}
      <FormField id={`${field}-text`} label={textLabel}>
        <Textarea id={`${field}-text`} rows={3} required={required} maxLength={2000} value={text} onChange={(event) => setText(event.target.value)} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" variant={mode === 'decline' ? 'destructive' : 'primary'} disabled={act.isPending || (required && !text.trim())}>
          {act.isPending ? 'Sending...' : `${mode === 'withdraw' ? 'Confirm withdrawal' : mode === 'approve' ? 'Confirm approval' : mode === 'decline' ? 'Confirm decline' : 'Send'}`}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
