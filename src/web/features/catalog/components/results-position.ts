/**
 * Keeping the results in sight as filters change. The heading is the results' top; its scroll
 * margin leaves room for the sticky site header (4rem wide, with the search row under it on phones).
 */

const heading = () => document.getElementById('results-heading');
const behavior = (): ScrollBehavior => (window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');
const HEADER = 64;

/**
 * After a choice in the wide screens' sidebar: when the results' heading is out of sight (the
 * page was scrolled down through the results, or up past them), bring it back to the top. On
 * phones the filters are a panel over the results' place and the visitor is still choosing, so
 * nothing moves until they press 'Show N results'.
 */
export function revealResults() {
  if (!window.matchMedia('(min-width: 64rem)').matches) return;
  const target = heading();
  if (!target) return;
  const { top } = target.getBoundingClientRect();
  if (top < HEADER || top > window.innerHeight - 48) target.scrollIntoView({ block: 'start', behavior: behavior() });
}

/** The phone panel's 'Show N results': the panel has just closed; land on the results, focus on their heading. */
export function showResults() {
  const target = heading();
  if (!target) return;
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: 'start', behavior: behavior() });
}
