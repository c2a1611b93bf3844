import { BadgeCheck, Handshake, MessageSquareQuote, ShieldCheck, Tags, Zap } from '../../../../components/ui/icons';
import { HomeSection } from './home-section';

const reasons = [
  { icon: ShieldCheck, title: 'Vetted providers', text: 'Every listing is reviewed by our team before it goes live.' },
  { icon: Tags, title: 'Built to resell', text: 'Tools and services chosen for agencies that sell under their own brand.' },
  { icon: MessageSquareQuote, title: 'Honest reviews', text: 'Ratings come from agencies that bought and used what they review.' },
  { icon: Zap, title: 'Fast delivery', text: 'Clear delivery times up front, so you can promise dates to clients.' },
  { icon: Handshake, title: 'Direct contact', text: 'Talk to providers directly: no middlemen between you and the work.' },
  { icon: BadgeCheck, title: 'Transparent pricing', text: 'Prices shown up front, or a clear invitation to ask for a quote.' },
];

/** Why agencies use the directory: the home page's feature list. */
export function WhyUs() {
  return (
    <HomeSection id="why-heading" title="Why agencies choose us" description="Everything you need to add new products to your agency, without the guesswork." className="bg-surface">
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {reasons.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4 rounded-xl border border-line bg-canvas p-5">
            <div className="shrink-0 rounded-lg bg-primary-soft p-2.5 text-primary">
              <Icon aria-hidden="true" className="h-6 w-6" />
            </div>
            <div>
              <h3 className="font-semibold text-ink">{title}</h3>
              <p className="mt-1 text-sm text-muted">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
