import type { ReactNode } from 'react';
import { Clock, Mail } from '../../../components/ui/icons';
import { Card } from '../../../components/ui/card';
import { useSite } from '../../../lib/site';

function Detail({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="flex gap-4 p-5">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">{icon}</span>
      <div className="min-w-0 space-y-1 text-sm">
        <h2 className="font-semibold text-ink">{title}</h2>
        {children}
      </div>
    </Card>
  );
}

/** Where and when the team answers (SPEC.md section 9: within 24 hours, Monday to Friday 9 AM to 6 PM EST). */
export function ContactDetails() {
  const { supportEmail } = useSite();
  return (
    <div className="space-y-4">
      <Detail icon={<Mail className="h-5 w-5" aria-hidden="true" />} title="Email us">
        <a href={`mailto:${supportEmail}`} className="break-all text-primary hover:underline">
          {supportEmail}
        </a>
        <p className="text-muted">We respond within 24 hours.</p>
      </Detail>
      <Detail icon={<Clock className="h-5 w-5" aria-hidden="true" />} title="Support hours">
        <p className="text-muted">Monday to Friday</p>
        <p className="text-muted">9 AM to 6 PM EST</p>
      </Detail>
    </div>
  );
}
