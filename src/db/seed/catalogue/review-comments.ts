/** Believable review texts by star rating; `{title}` is replaced with the listing's title. */
export const reviewComments: Record<1 | 2 | 3 | 4 | 5, string[]> = {
  5: [
    'Exactly what we needed. We resold this to three clients in the first month and every one of them renewed.',
    'Fast, clear and professional. The handover documentation alone saved our team a week.',
    'We have tried several partners for this and {title} is the first one our clients actually comment on positively.',
    'Communication was excellent from the kickoff call onwards. Deadlines were met without us having to chase.',
    'Great value for the price. The white-label reports look like our own work, which is exactly the point.',
    'Our account manager understood the client\'s business better than we expected. Highly recommended.',
    'Onboarding took less than a day and the results showed up in the first report. Would buy again.',
    'Reliable, responsive and easy to resell. This has become a standard line in our proposals.',
    'The quality is consistently high. We stopped checking every deliverable after the second month.',
    'Simply the best option we found for our smaller clients. Setup was painless.',
    'Our clients love it, and the margin works for us. A rare combination.',
    'Five stars. Thoughtful suggestions we had not asked for, and all of them made the project better.',
  ],
  4: [
    'Very good overall. A couple of small revisions were needed, but they were turned around the same day.',
    'Solid and dependable. Reporting could be a little more flexible, but clients are happy.',
    'Good quality and fair pricing. Response times slow down a bit on Fridays.',
    'Does what it promises. We would like a few more integrations, but it covers our main use cases.',
    'We use {title} for most of our retainer clients now. Minor learning curve for the team.',
    'Professional work and a friendly team. The first delivery was a day late, everything since has been on time.',
    'Happy with the results so far. The onboarding call was especially useful.',
    'Strong product, clear documentation. Pricing for larger teams adds up quickly.',
    'Good partner for agencies. The client portal is a nice touch.',
    'Worth it. It took a month to see the full benefit, but the numbers are moving in the right direction.',
  ],
  3: [
    'Decent, but we needed more back and forth than expected to get the result right.',
    'It works, though the interface takes some getting used to and our clients needed training.',
    'Average experience. The work was fine but communication could be more proactive.',
    'Good value for simple projects; for complex clients we still do part of the work ourselves.',
    'Results were fine, not remarkable. Reporting arrived late in two of the three months.',
    'Does the basics well. We expected more proactive suggestions for the price.',
  ],
  2: [
    'The deliverables were late twice and we had to apologise to our client. Quality was acceptable.',
    'Too many features we do not need and support answers took several days.',
    'The onboarding promised in the listing was a single generic video. We expected more.',
    'Quality varied a lot between deliverables, so we ended up reviewing everything twice.',
  ],
  1: [
    'Not a fit for us. The scope we agreed on changed after payment and it took weeks to resolve.',
    'We cancelled after the first month: missed deadlines and no answer to our e-mails for a week.',
    'Billing problems from day one, and the client-facing reports still showed the vendor\'s logo.',
  ],
};

/** Inquiries members sent to providers about their services, for the providers' lead inboxes. */
export const inquiryMessages: string[] = [
  'Hi, we have a client in the dental sector who needs this. Could you do a white-label version, and what would the timeline be for a start next month?',
  'We are a small agency with around 15 retainer clients. Do you offer volume pricing if we resell this to several of them?',
  'Could we book a short call this week? I would like to understand what the client needs to provide before you start.',
  'Is the reporting fully white-label, including the domain the client logs in on?',
  'We have a restaurant group with four locations interested. Can you quote for all four together?',
  'Do you work with agencies outside the US? Most of our clients are in the UK and Ireland.',
  'What happens if the client wants changes after delivery? Are revisions included or billed separately?',
  'We would like to trial this with one client before committing. Is a one-month engagement possible?',
];
