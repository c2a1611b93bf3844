import { useSite } from '../lib/site';
import { usePageMeta } from '../lib/page-meta';

const sectionClass = 'mt-8 space-y-3 leading-7 text-ink';

/** /how-reviews-work: who writes reviews, what the badges mean, and how they are moderated. Linked from every reviews section. */
export function HowReviewsWorkPage() {
  usePageMeta('how-reviews-work');
  const { siteName } = useSite();
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-16">
      <header className="space-y-2 border-b border-line pb-6">
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">How reviews work</h1>
        <p className="text-muted">What you can rely on when you weigh the reviews of a tool or a service on {siteName}.</p>
      </header>

      <section className={sectionClass} aria-labelledby="who-heading">
        <h2 id="who-heading" className="text-xl font-semibold">
          Who writes them
        </h2>
        <p>Any signed-in member can review a live listing, once: writing again replaces their review. A provider cannot review their own listings. Every review counts in the listing&rsquo;s rating unless a moderator removed it.</p>
      </section>

      <section className={sectionClass} aria-labelledby="verified-heading">
        <h2 id="verified-heading" className="text-xl font-semibold">
          The Verified partner badge
        </h2>
        <p>
          A review marked <strong>Verified partner</strong> was written by an agency whose partner application for that listing the provider had approved before the review was written. The badge comes from our own records of
          applications and approvals, not from what the reviewer or the provider says. It stays on the review if the partnership ends later, because the reviewer was a partner when they wrote it.
        </p>
        <p>A review without the badge is not less honest: many agencies use a tool without joining its partner programme, or joined before the directory recorded applications.</p>
      </section>

      <section className={sectionClass} aria-labelledby="context-heading">
        <h2 id="context-heading" className="text-xl font-semibold">
          What reviewers say about themselves
        </h2>
        <p>
          Reviewers may say whether they resold the product to clients or used it in-house, and how large their agency is (&ldquo;Resold it to clients&rdquo;, &ldquo;Agency of 11-50 people&rdquo;). These are the reviewer&rsquo;s own
          statements, shown as they gave them; we do not check them.
        </p>
      </section>

      <section className={sectionClass} aria-labelledby="moderation-heading">
        <h2 id="moderation-heading" className="text-xl font-semibold">
          Replies, reports and moderation
        </h2>
        <p>The provider can answer a review once, publicly, under it. Anyone signed in can report a review that breaks the rules. A reported review stays up, marked &ldquo;Under review&rdquo;, while a moderator checks it; one reported for personal information or abuse is hidden until then. A moderator may keep it, edit personal information out of it, or remove it.</p>
      </section>
    </main>
  );
}
