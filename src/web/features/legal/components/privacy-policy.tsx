import { Link } from 'wouter';
import { useSite } from '../../../lib/site';
import { LegalDocument, type LegalSection } from './legal-document';

export function PrivacyPolicy() {
  const { siteName, supportEmail } = useSite();
  const sections: LegalSection[] = [
    {
      heading: 'Information we collect',
      body: (
        <>
          <p>We collect the information you give us when you create an account, complete your profile, list a service or tool, write a review or send us a message: your name, e-mail address, company name, website, biography, profile picture and the content of your listings and messages.</p>
          <p>When you use the site we also record basic technical information, such as the pages you view, the listings you open and the time of your visit, so that we can keep the service secure and show which listings are trending.</p>
        </>
      ),
    },
    {
      heading: 'How we use your information',
      body: (
        <ul className="list-disc space-y-1 pl-6">
          <li>To run your account and keep you signed in.</li>
          <li>To show your public provider profile, listings and reviews to visitors.</li>
          <li>To pass your inquiries on to the providers you contact, and their answers back to you.</li>
          <li>To review listings before they are published and to prevent abuse.</li>
          <li>To answer your questions and send messages about your account.</li>
        </ul>
      ),
    },
    {
      heading: 'Cookies',
      body: <p>We use a single essential cookie to keep you signed in. It contains a random identifier, not your personal information, and is removed when you sign out. We do not use advertising or third-party tracking cookies.</p>,
    },
    {
      heading: 'Sharing your information',
      body: <p>We do not sell your personal information. Information on your public profile and listings is visible to everyone. When you contact a provider, they receive your name, e-mail address and message. We may disclose information when the law requires it or to protect the rights and safety of our users.</p>,
    },
    {
      heading: 'Data retention and security',
      body: <p>We keep your information for as long as your account is active. Passwords are stored only as secure one-way hashes. When your account is deleted, your profile and listings are removed; reviews you wrote may remain without your name.</p>,
    },
    {
      heading: 'Your rights',
      body: <p>You can view and update your profile at any time from your dashboard. To obtain a copy of your data or to have your account deleted, contact us and we will respond promptly.</p>,
    },
    {
      heading: "Children's privacy",
      body: <p>{siteName} is a service for businesses and is not intended for children under 13. We do not knowingly collect personal information from children under 13; if we learn that we have, we will delete it.</p>,
    },
    {
      heading: 'Changes to this policy',
      body: <p>We may update this policy from time to time. When we do, we will change the effective date at the top of this page. Significant changes will be announced on the site.</p>,
    },
    {
      heading: 'Contact us',
      body: (
        <p>
          Questions about this policy? Write to{' '}
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
      title="Privacy Policy"
      intro={<p>This policy explains what information {siteName} collects when you use the directory, how we use it and the choices you have.</p>}
      sections={sections}
    />
  );
}
