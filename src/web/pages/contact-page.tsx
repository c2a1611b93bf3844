import { Card } from '../components/ui/card';
import { ContactDetails } from '../features/contact/components/contact-details';
import { ContactFaq } from '../features/contact/components/contact-faq';
import { ContactForm } from '../features/contact/components/contact-form';
import { usePageMeta } from '../lib/page-meta';

export function ContactPage() {
  usePageMeta('contact');
  return (
    <main className="mx-auto w-full max-w-6xl space-y-12 px-4 py-10 sm:px-6 sm:py-16 lg:px-8">
      <header className="max-w-2xl space-y-3">
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">Contact Us</h1>
        <p className="text-muted">Questions about listing your service, a partnership or your account? Send us a message and we will get back to you.</p>
      </header>
      <div className="grid gap-8 lg:grid-cols-3">
        <Card className="p-6 sm:p-8 lg:col-span-2">
          <h2 className="mb-6 text-xl font-semibold text-ink">Send us a message</h2>
          <ContactForm />
        </Card>
        <ContactDetails />
      </div>
      <ContactFaq />
    </main>
  );
}
