import type { ReactNode } from 'react';
import { PLANS_LINK_TEXT } from '../../shared/schemas/plan';

/**
 * A refusal of the provider's plan (over its listing limit, a feature it lacks) ends with "See
 * the plans at /pricing.": shown in a form or a toast, that address is a link, so the provider can
 * upgrade from where they were refused. Any other message is shown as it is.
 */
export function withPricingLink(message: string): ReactNode {
  const at = message.lastIndexOf(PLANS_LINK_TEXT);
  if (at === -1) return message;
  return (
    <>
      {message.slice(0, at)}
      See the plans at{' '}
      <a href="/pricing" className="font-medium underline underline-offset-2" data-pricing-link="">
        /pricing
      </a>
      .{message.slice(at + PLANS_LINK_TEXT.length)}
    </>
  );
}
