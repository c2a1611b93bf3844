import type { Database, Executor } from '../../../db/client';
import type { PartnerApplicationRow } from '../../../db/schema/partner-applications';
import type { UserRow } from '../../../db/schema/users';
import { formatPersonName } from '../../../shared/format';
import { listingNoun } from '../../../shared/listing-type';
import { declineReasonLabels, type ApplicationStatus } from '../../../shared/partner-application-values';
import type { PartnerApplicationData, PartnerApplicationJson } from '../../../shared/schemas/partner-application';
import type { ListingType } from '../../../shared/types';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/audit.queries';
import { listingNotFoundMessage } from '../listings/listing-params';
import type { Mailer } from '../mail/mailer';
import { findProgramme, findProgrammeListing } from '../partner-programmes/partner-programmes.queries';
import * as queries from './partner-applications.queries';
import type { ApplicationFilter, ApplicationWithContext } from './partner-applications.queries';

/**
 * Partner applications (docs/decisions/partner-applications.md): a member applies to the programme
 * of a live listing; its provider (or an administrator) approves, declines or asks for more; either
 * side withdraws. Every change runs in one transaction with its audit entry and its one e-mail; a
 * change that is already made (a second press of the button) answers the application as it is and
 * sends nothing.
 */

type Deps = { db: Database; config: Config; mailer: Mailer };
type Thread = Awaited<ReturnType<typeof queries.threadsOf>>;
const DAY_MS = 24 * 60 * 60 * 1000;

const open = (status: ApplicationStatus) => status === 'pending' || status === 'info_requested';
const longDate = (date: Date) => date.toLocaleDateString('en-US', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const personName = (person: { firstName: string | null; lastName: string | null }) => formatPersonName(person) || 'A member';

function toJson({ application: a, listing, applicant, programme }: ApplicationWithContext, thread: Thread): PartnerApplicationJson {
  return {
    id: a.id,
    status: a.status,
    listing: { id: listing.id, type: listing.type, slug: listing.slug, title: listing.title },
    applicant: { id: applicant.id, name: personName(applicant) },
    agencyName: a.agencyName,
    agencyWebsite: a.agencyWebsite,
    clientCount: a.clientCount,
    regions: a.regions,
    services: a.services,
    message: a.message,
    declineReason: a.declineReason,
    declineNote: a.declineNote,
    reapplyAfter: a.reapplyAfter?.toISOString() ?? null,
    withdrawnBy: a.withdrawnBy,
    onboarding: a.status === 'approved' ? { welcomeMessage: a.welcomeMessage, joinUrl: programme?.applyUrl ?? null, termsUrl: programme?.termsUrl ?? null } : null,
    thread: thread
      .filter((m) => m.applicationId === a.id)
      .map((m) => ({ id: m.id, authorRole: m.authorRole, kind: m.kind, body: m.body, createdAt: m.createdAt.toISOString() })),
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
    decidedAt: a.decidedAt?.toISOString() ?? null,
    approvedAt: a.approvedAt?.toISOString() ?? null,
  };
}

async function withThreads(db: Executor, rows: ApplicationWithContext[]): Promise<PartnerApplicationJson[]> {
  const thread = await queries.threadsOf(db, rows.map((row) => row.application.id));
  return rows.map((row) => toJson(row, thread));
}

async function answer(db: Executor, id: number): Promise<PartnerApplicationJson> {
  const row = await queries.findApplication(db, id);
  if (!row) throw AppError.notFound('Application not found');
  return (await withThreads(db, [row]))[0]!;
}

/** Who may do what with one application; anyone else is told it does not exist. */
type Side = 'applicant' | 'provider' | 'admin';
function sideOf(user: UserRow, row: ApplicationWithContext): Side {
  if (user.isAdmin) return 'admin';
  if (row.listing.providerId === user.id) return 'provider';
  if (row.application.applicantId === user.id) return 'applicant';
  throw AppError.notFound('Application not found');
}

/** A member applies to the partner programme of a live listing; an instant programme approves at once. */
export async function apply({ db, config, mailer }: Deps, user: UserRow, type: ListingType, listingId: number, input: PartnerApplicationData, now = new Date()) {
  const id = await db.transaction(async (tx) => {
    // Two applications sent at the same instant both pass the checks below; the table's unique
    // index of open applications refuses the second (a 409, from the error handler).
    const listing = await findProgrammeListing(tx, type, listingId);
    if (!listing || listing.status !== 'approved') throw AppError.notFound(listingNotFoundMessage(type));
    if (listing.providerId === user.id) throw AppError.forbidden('This is your own listing: agencies apply to your partner programme, you cannot apply to it yourself.');
    // An unclaimed listing has nobody to decide an application (docs/decisions/listing-claims.md).
    if (listing.providerId === null) throw AppError.badRequest('This company has not claimed its listing yet, so nobody can take applications to its partner programme.');
    const programme = await findProgramme(tx, listing.id);
    if (!programme) throw AppError.badRequest('This listing has no partner programme to apply to.');

    const latest = await queries.latestApplication(tx, listing.id, user.id);
    if (latest && open(latest.status)) throw AppError.conflict('You already have an open application to this partner programme.');
    if (latest?.status === 'approved') throw AppError.conflict('You are already a partner in this programme.');
    if (latest?.status === 'declined' && latest.reapplyAfter && latest.reapplyAfter > now) {
      throw AppError.conflict(`Your last application was declined: you can apply again from ${longDate(latest.reapplyAfter)}.`);
    }

    const instant = programme.joinApproval === 'instant';
    const stored = await queries.insertApplication(tx, {
      listingId: listing.id,
      applicantId: user.id,
      status: instant ? 'approved' : 'pending',
      ...input,
      ...(instant ? { approvedAt: now, decidedAt: now } : {}),
    });
    await queries.countApplication(tx, listing.id);
    await recordAudit(tx, {
      actorId: user.id,
      action: instant ? 'partner_application.approve' : 'partner_application.submit',
      entityType: 'partner_application',
      entityId: stored.id,
      details: { listingId: listing.id, title: listing.title, ...(instant ? { instant: true } : {}) },
    });

    const provider = await queries.userEmail(tx, listing.providerId);
    const inbox = `${config.siteUrl}/provider?tab=applications`;
    if (provider) {
      await mailer.queue(tx, {
        to: provider.email,
        subject: instant ? `${input.agencyName} joined the partner programme of "${listing.title}"` : `New partner application for "${listing.title}"`,
        text: [
          `${input.agencyName} (${input.agencyWebsite}) ${instant ? 'joined' : 'applied to'} the partner programme of your ${listingNoun(type)} "${listing.title}" on ${config.siteName}.`,
          '',
          `Clients: ${input.clientCount}`,
          `Regions: ${input.regions}`,
          `Services: ${input.services}`,
          '',
          input.message,
          '',
          instant ? `Your programme approves agencies at once. See them in your provider dashboard: ${inbox}` : `Approve, decline or ask for more information in your provider dashboard: ${inbox}`,
        ].join('\n'),
      });
    }
    if (instant) await mailApproved(tx, config, mailer, user.email, listing.title, null, programme);
    return stored.id;
  });
  mailer.deliver();
  return answer(db, id);
}

async function mailApproved(tx: Executor, config: Config, mailer: Mailer, to: string, title: string, welcome: string | null, programme: { applyUrl: string | null; termsUrl: string | null } | null) {
  await mailer.queue(tx, {
    to,
    subject: `You are a partner of "${title}"`,
    text: [
      `Your application to the partner programme of "${title}" on ${config.siteName} was approved. The partner terms are now shown to you on the listing.`,
      ...(welcome ? ['', welcome] : []),
      ...(programme?.applyUrl ? ['', `Join: ${programme.applyUrl}`] : []),
      ...(programme?.termsUrl ? [`Partner terms: ${programme.termsUrl}`] : []),
      '',
      `Your applications: ${config.siteUrl}/dashboard`,
    ].join('\n'),
  });
}

export type Decision =
  | { kind: 'approve'; welcomeMessage: string }
  | { kind: 'decline'; reason: keyof typeof declineReasonLabels; note: string; reapplyAfterDays: number }
  | { kind: 'request_info'; message: string }
  | { kind: 'answer'; message: string }
  | { kind: 'withdraw'; note: string };

/** What each side may do; the applicant answers and withdraws, the provider and administrators decide and withdraw. */
const allowed: Record<Decision['kind'], readonly Side[]> = {
  approve: ['provider', 'admin'],
  decline: ['provider', 'admin'],
  request_info: ['provider', 'admin'],
  answer: ['applicant'],
  withdraw: ['applicant', 'provider', 'admin'],
};

const settledMessage: Record<ApplicationStatus, string> = {
  pending: 'This application is waiting for the provider.',
  info_requested: 'This application is waiting for the member to answer.',
  approved: 'This application was approved.',
  declined: 'This application was declined.',
  withdrawn: 'This application was withdrawn.',
};

/**
 * One change of an application, under its row lock. Returns false when the change is already made
 * (nothing is written or sent again), true when it was made now; refuses one the state forbids.
 */
async function change(tx: Executor, config: Config, mailer: Mailer, user: UserRow, row: ApplicationWithContext, side: Side, decision: Decision, now: Date): Promise<boolean> {
  const a: PartnerApplicationRow = row.application;
  const { listing } = row;
  const member = row.applicant.email;
  const dashboard = `${config.siteUrl}/dashboard`;
  const inbox = `${config.siteUrl}/provider?tab=applications`;
  const last = await queries.lastMessage(tx, a.id);
  const audit = (action: string, details: Record<string, unknown> = {}) =>
    recordAudit(tx, { actorId: user.id, action: `partner_application.${action}`, entityType: 'partner_application', entityId: a.id, details: { listingId: listing.id, title: listing.title, ...details } });

  switch (decision.kind) {
    case 'approve': {
      if (a.status === 'approved') return false;
      if (!open(a.status)) throw AppError.conflict(settledMessage[a.status]);
      const welcome = decision.welcomeMessage || null;
      await queries.updateApplication(tx, a.id, { status: 'approved', approvedAt: now, decidedAt: now, decidedBy: user.id, welcomeMessage: welcome });
      await audit('approve');
      await mailApproved(tx, config, mailer, member, listing.title, welcome, row.programme);
      return true;
    }
    case 'decline': {
      if (a.status === 'declined') return false;
      if (!open(a.status)) throw AppError.conflict(a.status === 'approved' ? 'This application was approved: withdraw the partnership instead.' : settledMessage[a.status]);
      const reapplyAfter = new Date(now.getTime() + decision.reapplyAfterDays * DAY_MS);
      const note = decision.note || null;
      await queries.updateApplication(tx, a.id, { status: 'declined', declineReason: decision.reason, declineNote: note, reapplyAfter, decidedAt: now, decidedBy: user.id });
      if (note) await queries.insertMessage(tx, { applicationId: a.id, authorId: user.id, authorRole: side, kind: 'note', body: note });
      await audit('decline', { reason: decision.reason, reapplyAfterDays: decision.reapplyAfterDays });
      await mailer.queue(tx, {
        to: member,
        subject: `Your partner application for "${listing.title}" was declined`,
        text: [
          `The provider of "${listing.title}" declined your partner application on ${config.siteName}.`,
          '',
          `Reason: ${declineReasonLabels[decision.reason]}`,
          ...(note ? [note] : []),
          '',
          decision.reapplyAfterDays === 0 ? 'You may apply again at any time.' : `You may apply again from ${longDate(reapplyAfter)}.`,
          `Your applications: ${dashboard}`,
        ].join('\n'),
      });
      return true;
    }
    case 'request_info': {
      if (a.status === 'info_requested' && last?.kind === 'question' && last.body === decision.message) return false;
      if (a.status !== 'pending') throw AppError.conflict(a.status === 'info_requested' ? 'You already asked: the member has not answered yet.' : settledMessage[a.status]);
      await queries.updateApplication(tx, a.id, { status: 'info_requested' });
      await queries.insertMessage(tx, { applicationId: a.id, authorId: user.id, authorRole: side, kind: 'question', body: decision.message });
      await audit('request_info');
      await mailer.queue(tx, {
        to: member,
        subject: `The provider of "${listing.title}" asks about your partner application`,
        text: [`The provider of "${listing.title}" asks about your partner application on ${config.siteName}:`, '', decision.message, '', `Answer in your dashboard: ${dashboard}`].join('\n'),
      });
      return true;
    }
    case 'answer': {
      if (a.status === 'pending' && last?.kind === 'answer' && last.body === decision.message) return false;
      if (a.status !== 'info_requested') throw AppError.conflict(open(a.status) ? 'The provider has not asked you anything.' : settledMessage[a.status]);
      await queries.updateApplication(tx, a.id, { status: 'pending' });
      await queries.insertMessage(tx, { applicationId: a.id, authorId: user.id, authorRole: 'applicant', kind: 'answer', body: decision.message });
      await audit('answer');
      const provider = await queries.userEmail(tx, listing.providerId);
      if (provider) {
        await mailer.queue(tx, {
          to: provider.email,
          subject: `${a.agencyName} answered about their partner application for "${listing.title}"`,
          text: [`${a.agencyName} answered your question about their partner application for "${listing.title}":`, '', decision.message, '', `Decide in your provider dashboard: ${inbox}`].join('\n'),
        });
      }
      return true;
    }
    case 'withdraw': {
      if (a.status === 'withdrawn') return false;
      if (a.status === 'declined') throw AppError.conflict(settledMessage.declined);
      const note = decision.note || null;
      await queries.updateApplication(tx, a.id, { status: 'withdrawn', withdrawnBy: side, decidedAt: now, decidedBy: user.id });
      if (note) await queries.insertMessage(tx, { applicationId: a.id, authorId: user.id, authorRole: side, kind: 'note', body: note });
      await audit('withdraw', { by: side, wasApproved: a.status === 'approved' });
      const provider = side === 'applicant' ? await queries.userEmail(tx, listing.providerId) : undefined;
      const to = side === 'applicant' ? provider?.email : member;
      if (to) {
        await mailer.queue(tx, {
          to,
          subject: side === 'applicant' ? `${a.agencyName} withdrew their partner application for "${listing.title}"` : `Your partner application for "${listing.title}" was withdrawn`,
          text: [
            side === 'applicant'
              ? `${a.agencyName} withdrew their ${a.status === 'approved' ? 'partnership' : 'partner application'} for "${listing.title}" on ${config.siteName}.`
              : `The ${side === 'admin' ? `${config.siteName} team` : 'provider'} withdrew your ${a.status === 'approved' ? 'partnership' : 'partner application'} for "${listing.title}"; its terms on request are no longer shown to you.`,
            ...(note ? ['', note] : []),
            '',
            side === 'applicant' ? inbox : `Your applications: ${dashboard}`,
          ].join('\n'),
        });
      }
      return true;
    }
  }
}

/** A decision, an answer or a withdrawal of one application, by whoever may make it. */
export async function decide({ db, config, mailer }: Deps, user: UserRow, id: number, decision: Decision, now = new Date()) {
  const sent = await db.transaction(async (tx) => {
    if (!(await queries.lockApplication(tx, id))) throw AppError.notFound('Application not found');
    const row = (await queries.findApplication(tx, id))!;
    const side = sideOf(user, row);
    if (!allowed[decision.kind].includes(side)) {
      throw AppError.forbidden(side === 'applicant' ? "Only the listing's provider decides on applications." : 'Only the member who applied can answer.');
    }
    return change(tx, config, mailer, user, row, side, decision, now);
  });
  if (sent) mailer.deliver();
  return answer(db, id);
}

export async function readApplication(db: Executor, user: UserRow, id: number) {
  const row = await queries.findApplication(db, id);
  if (!row) throw AppError.notFound('Application not found');
  sideOf(user, row);
  return (await withThreads(db, [row]))[0]!;
}

export async function myApplications(db: Executor, user: UserRow, filter: ApplicationFilter) {
  return withThreads(db, await queries.applicationsOfMember(db, user.id, filter));
}

export async function providerApplications(db: Executor, user: UserRow, filter: ApplicationFilter) {
  return withThreads(db, await queries.applicationsToProvider(db, user.id, filter));
}

export async function adminApplications(db: Executor, filter: ApplicationFilter) {
  return withThreads(db, await queries.allApplications(db, filter));
}
