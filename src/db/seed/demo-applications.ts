import { and, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../client';
import { listingDailyFigures } from '../schema/daily-figures';
import { listings } from '../schema/listings';
import { partnerApplicationMessages, partnerApplications } from '../schema/partner-applications';
import { partnerProgrammes } from '../schema/partner-programmes';
import { reviews } from '../schema/reviews';
import type { DemoUser } from './demo-accounts';

const DAY = 24 * 60 * 60 * 1000;

/** The agencies the demo's members run, one per member in turn. */
const agencies = [
  { agencyName: 'Northlight Digital', agencyWebsite: 'https://northlight.example.com', clientCount: 24, regions: 'United Kingdom, Ireland', services: 'SEO, paid search, monthly reporting' },
  { agencyName: 'Harbour & Pine', agencyWebsite: 'https://harbourpine.example.com', clientCount: 9, regions: 'Germany, Austria, Switzerland', services: 'Web design, WordPress care plans' },
  { agencyName: 'Signal Studio', agencyWebsite: 'https://signalstudio.example.com', clientCount: 41, regions: 'United States, Canada', services: 'Social media management, paid social' },
  { agencyName: 'Fieldwork Agency', agencyWebsite: 'https://fieldwork.example.com', clientCount: 6, regions: 'Netherlands, Belgium', services: 'Email marketing, CRM set-up' },
  { agencyName: 'Brightside Collective', agencyWebsite: 'https://brightside.example.com', clientCount: 15, regions: 'Australia, New Zealand', services: 'Local SEO, reputation management' },
  { agencyName: 'Copperleaf Marketing', agencyWebsite: 'https://copperleaf.example.com', clientCount: 32, regions: 'France, Spain', services: 'Content marketing, analytics dashboards' },
] as const;

const message = (title: string) => `We would like to resell ${title} to our clients under our own brand, and can start with a handful of accounts this quarter.`;

type Plan = {
  status: 'pending' | 'info_requested' | 'approved' | 'declined' | 'withdrawn';
  thread?: { authorRole: 'provider' | 'applicant'; kind: 'question' | 'answer' | 'note'; body: string }[];
  welcomeMessage?: string;
  decline?: { declineReason: 'regions_not_covered'; declineNote: string; waitDays: number };
  withdrawnBy?: 'applicant' | 'provider';
};

/** The demo provider's inbox: one application in every state, each from another member. */
const providerInbox: Plan[] = [
  { status: 'pending' },
  {
    status: 'info_requested',
    thread: [{ authorRole: 'provider', kind: 'question', body: 'Thanks for applying. Which of your clients would you start with, and do you host their sites yourselves?' }],
  },
  {
    status: 'approved',
    thread: [
      { authorRole: 'provider', kind: 'question', body: 'Do you offer first-line support to your clients?' },
      { authorRole: 'applicant', kind: 'answer', body: 'Yes: our account managers answer every client ticket first.' },
    ],
    welcomeMessage: 'Welcome aboard! Book your onboarding call from the join link; your partner manager is Priya.',
  },
  { status: 'declined', decline: { declineReason: 'regions_not_covered', declineNote: 'We cannot support clients in your regions yet; we expect to next year.', waitDays: 90 }, thread: [{ authorRole: 'provider', kind: 'note', body: 'We cannot support clients in your regions yet; we expect to next year.' }] },
  { status: 'withdrawn', withdrawnBy: 'applicant' },
];

/**
 * Partner applications (docs/decisions/partner-applications.md), told as one story with the rest
 * of the demo: the demo provider's Applications inbox holds one in every state; the demo member
 * is an approved partner of an on-request programme (so, signed in, they see terms visitors do
 * not) and waits on another; and some of the reviewers who resold a product were approved
 * partners of it before writing, so their reviews carry the Verified partner badge. Deterministic
 * (no draws from the seeded random), so the rest of the demo stays as it was. Each application
 * counts in its listing's daily figures on the day it was sent.
 */
export async function insertDemoApplications(tx: Transaction, options: { members: DemoUser[]; demoProvider: DemoUser; now: Date }) {
  const { members, demoProvider, now } = options;
  const programmes = await tx
    .select({ id: listings.id, title: listings.title, providerId: listings.providerId, createdAt: listings.createdAt, visibility: partnerProgrammes.visibility, joinApproval: partnerProgrammes.joinApproval })
    .from(partnerProgrammes)
    .innerJoin(listings, eq(listings.id, partnerProgrammes.listingId))
    .where(eq(listings.status, 'approved'))
    .orderBy(listings.id);
  const taken = new Set<string>();
  const rows: (typeof partnerApplications.$inferInsert & { thread?: Plan['thread'] })[] = [];
  const add = (listing: (typeof programmes)[number], member: DemoUser, plan: Plan, sentAt: Date) => {
    const key = `${listing.id}/${member.id}`;
    const earliest = Math.max(listing.createdAt.getTime(), member.createdAt.getTime());
    if (taken.has(key) || sentAt.getTime() < earliest || member.id === listing.providerId) return false;
    taken.add(key);
    const decidedAt = plan.status === 'pending' || plan.status === 'info_requested' ? null : new Date(Math.min(now.getTime(), sentAt.getTime() + 3 * DAY));
    const agency = agencies[rows.length % agencies.length]!;
    rows.push({
      listingId: listing.id,
      applicantId: member.id,
      status: plan.status,
      ...agency,
      message: message(listing.title),
      declineReason: plan.decline?.declineReason ?? null,
      declineNote: plan.decline?.declineNote ?? null,
      reapplyAfter: plan.decline && decidedAt ? new Date(decidedAt.getTime() + plan.decline.waitDays * DAY) : null,
      welcomeMessage: plan.welcomeMessage ?? null,
      approvedAt: plan.status === 'approved' ? decidedAt : null,
      decidedAt,
      decidedBy: decidedAt ? (plan.withdrawnBy === 'applicant' ? member.id : listing.providerId) : null,
      withdrawnBy: plan.withdrawnBy ?? null,
      createdAt: sentAt,
      updatedAt: decidedAt ?? sentAt,
      thread: plan.thread,
    });
    return true;
  };

  // The demo provider's inbox, on their first programme that reviews agencies (any, if none does).
  const own = programmes.filter((listing) => listing.providerId === demoProvider.id);
  const inboxListing = own.find((listing) => listing.joinApproval === 'reviewed') ?? own[0];
  const others = members.slice(1);
  if (inboxListing) {
    providerInbox.forEach((plan, index) => {
      const member = others[index % others.length]!;
      add(inboxListing, member, plan, new Date(now.getTime() - (12 - index * 2) * DAY));
    });
  }

  // The demo member: an approved partner of an on-request programme, and waiting on another.
  const demoMember = members[0]!;
  const onRequest = programmes.filter((listing) => listing.visibility === 'on_request' && listing.providerId !== demoMember.id);
  const [grant, waiting] = [onRequest[0], onRequest[1] ?? programmes.find((listing) => listing !== onRequest[0])];
  if (grant) add(grant, demoMember, { status: 'approved', welcomeMessage: 'Welcome! Your partner portal login arrives by e-mail within a day.' }, new Date(now.getTime() - 20 * DAY));
  if (waiting) add(waiting, demoMember, { status: 'pending' }, new Date(now.getTime() - 2 * DAY));

  // Reviewers who resold a product with a programme and were its approved partners before writing.
  const resold = await tx
    .select({ listingId: reviews.listingId, userId: reviews.userId, createdAt: reviews.createdAt })
    .from(reviews)
    .innerJoin(partnerProgrammes, eq(partnerProgrammes.listingId, reviews.listingId))
    .where(and(eq(reviews.reviewerContext, 'resold'), eq(reviews.moderation, 'published')))
    .orderBy(reviews.id);
  const byId = new Map(programmes.map((listing) => [listing.id, listing]));
  const membersById = new Map(members.map((member) => [member.id, member]));
  let badges = 0;
  for (const review of resold) {
    if (badges >= 12) break;
    const listing = byId.get(review.listingId);
    const member = membersById.get(review.userId);
    // Approved three days after applying, at least a week before the review.
    if (listing && member && add(listing, member, { status: 'approved' }, new Date(review.createdAt.getTime() - 10 * DAY))) badges++;
  }

  if (rows.length === 0) return;
  const stored = await tx
    .insert(partnerApplications)
    .values(rows.map(({ thread: _thread, ...row }) => row))
    .returning({ id: partnerApplications.id });
  const thread = rows.flatMap((row, index) =>
    (row.thread ?? []).map((entry, turn) => ({
      applicationId: stored[index]!.id,
      authorId: entry.authorRole === 'provider' ? demoProvider.id : row.applicantId,
      ...entry,
      createdAt: new Date((row.createdAt as Date).getTime() + (turn + 1) * DAY / 2),
    })),
  );
  if (thread.length > 0) await tx.insert(partnerApplicationMessages).values(thread);

  // Each application counts in its listing's figures on the day it was sent (UTC), as a live one does.
  const perDay = new Map<string, { listingId: number; day: string; count: number }>();
  for (const row of rows) {
    const day = (row.createdAt as Date).toISOString().slice(0, 10);
    const key = `${row.listingId}/${day}`;
    const entry = perDay.get(key) ?? { listingId: row.listingId, day, count: 0 };
    entry.count++;
    perDay.set(key, entry);
  }
  const f = listingDailyFigures;
  for (const { listingId, day, count } of perDay.values()) {
    await tx.execute(sql`
      insert into ${f} (listing_id, day, partner_applications) values (${listingId}, ${day}::date, ${count})
      on conflict (listing_id, day) do update set partner_applications = ${f}.partner_applications + excluded.partner_applications`);
  }
}
