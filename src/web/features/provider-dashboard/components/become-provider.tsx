import { BadgeCheck } from '../../../components/ui/icons';
import type { User } from '../../../../shared/types';
import { ProviderProfileForm } from './provider-profile-form';

/** For a signed-in member who is not a provider yet: saving the profile is how they become one. */
export function BecomeProvider({ user }: { user: User }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
      <div className="space-y-3">
        <BadgeCheck className="h-10 w-10 text-primary" aria-hidden="true" />
        <h2 className="text-xl font-semibold text-ink">Become a provider</h2>
        <p className="text-sm text-muted">
          List your services and tools in front of agencies looking for partners to resell. Check your profile below and save it to open
          your provider dashboard.
        </p>
        <ul className="list-disc space-y-1 pl-5 text-sm text-muted">
          <li>Every listing is reviewed before it goes live, usually within 2-3 business days.</li>
          <li>You can edit your listings at any time from this dashboard.</li>
          <li>Members contact you about your services; their messages arrive in your leads inbox.</li>
        </ul>
      </div>
      <ProviderProfileForm user={user} submitLabel="Save Profile and Become a Provider" />
    </div>
  );
}
