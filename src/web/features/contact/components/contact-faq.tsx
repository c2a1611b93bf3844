import { ChevronDown } from '../../../components/ui/icons';

const questions = [
  {
    question: 'How long does it take to get my listing approved?',
    answer: 'Approval usually takes 2-3 business days. Our team reviews every listing to keep the directory trustworthy.',
  },
  {
    question: 'Can I edit my listing after it is published?',
    answer: 'Yes. You can edit your listings anytime from the provider dashboard.',
  },
  {
    question: 'What are the fees for listing my services?',
    answer: 'Please contact us for details about fees and plans; we will find the option that suits your business.',
  },
] as const;

/** The contact page's frequently asked questions, as native disclosures (keyboard and screen reader friendly). */
export function ContactFaq() {
  return (
    <section aria-labelledby="faq-heading" className="space-y-4">
      <h2 id="faq-heading" className="text-2xl font-bold text-ink">
        Frequently Asked Questions
      </h2>
      <div className="divide-y divide-line rounded-xl border border-line bg-surface">
        {questions.map((item) => (
          <details key={item.question} className="group p-5" open>
            <summary className="cursor-pointer list-none font-semibold text-ink marker:hidden [&::-webkit-details-marker]:hidden">
              <span className="flex items-center justify-between gap-4">
                {item.question}
                <ChevronDown className="h-5 w-5 shrink-0 text-muted transition-transform group-open:rotate-180" aria-hidden="true" />
              </span>
            </summary>
            <p className="mt-2 text-sm leading-6 text-muted">{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
