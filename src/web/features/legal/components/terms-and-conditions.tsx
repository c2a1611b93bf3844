import { Link } from 'wouter';
import { useSite } from '../../../lib/site';
import { LegalDocument, type LegalSection } from './legal-document';

export function TermsAndConditions() {
  const { siteName, productName, supportEmail } = useSite();
  const sections: LegalSection[] = [
    {
      heading: 'Acceptance of these terms',
      body: <p>By using {siteName} you agree to these terms. If you do not agree, please do not use the site.</p>,
    },
    {
      heading: 'Eligibility',
      body: <p>You must be at least 18 years old, and able to enter into a binding contract, to create an account or use the site.</p>,
    },
    {
      heading: 'Accounts',
      body: <p>You are responsible for the information in your account and for keeping your password secret. Tell us at once if you believe someone else has used your account.</p>,
    },
    {
      heading: 'Provider accounts and listings',
      body: (
        <>
          <p>Providers need a paid account to list services and tools. Every listing is reviewed by our team before it is published, and we may decline or remove listings that are inaccurate, misleading or unlawful.</p>
          <p>You are responsible for the accuracy of your listings, including descriptions, prices and delivery times, and for delivering what you promise to the agencies that buy from you.</p>
        </>
      ),
    },
    {
      heading: 'Fees and subscriptions',
      body: (
        <ul className="list-disc space-y-1 pl-6">
          <li>Fees are shown to you before you pay and are non-refundable.</li>
          <li>Subscriptions renew automatically at the end of each billing period until you cancel them.</li>
          <li>You can cancel at any time; the cancellation takes effect at the end of the current period.</li>
        </ul>
      ),
    },
    {
      heading: 'Reviews and content',
      body: <p>Reviews must reflect your genuine experience. You keep the rights to what you post, and you give us permission to show it on the site. We may remove content that breaks these terms.</p>,
    },
    {
      heading: 'Dealings between agencies and providers',
      body: <p>{siteName} is a directory of {productName} tools and services. Agreements for work are made directly between agencies and providers; we are not a party to them and do not guarantee their outcome.</p>,
    },
    {
      heading: 'Limitation of liability',
      body: <p>The site is provided as is. To the extent the law allows, we are not liable for indirect or consequential losses arising from your use of the site or from dealings with other users.</p>,
    },
    {
      heading: 'Changes and termination',
      body: <p>We may update these terms; the effective date above shows when they last changed. We may suspend or close accounts that break these terms.</p>,
    },
    {
      heading: 'Contact',
      body: (
        <p>
          Questions about these terms? Write to{' '}
          <a href={`mailto:${supportEmail}`} className="text-primary underline">
            {supportEmail}
          </a>{' '}
          or use our{' '}
          <Link href="/contact" className="text-primary underline">
            contact form
          </Link>
          .
        </p>
      ),
    },
  ];

  return (
    <LegalDocument
      title="Terms and Conditions"
      intro={<p>These terms govern your use of {siteName}, whether you browse the directory, join as a member or list your services and tools as a provider.</p>}
      sections={sections}
    />
  );
}
