import { Link } from 'wouter';
import { Layers } from '../components/ui/icons';
import { useSite } from '../lib/site';

/** The site's name with its mark, linking home. */
export function SiteLogo({ onNavigate }: { onNavigate?: () => void }) {
  const { siteName, logoUrl } = useSite();
  return (
    <Link href="/" onClick={onNavigate} className="flex shrink-0 items-center gap-2 rounded-md font-bold text-ink">
      {logoUrl ? (
        // The operator's logo beside the name, which stays the link's text for screen readers.
        <img src={logoUrl} alt="" className="h-8 w-auto max-w-40" />
      ) : (
        <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-primary text-white">
          <Layers className="h-5 w-5" aria-hidden="true" />
        </span>
      )}
      <span className="text-lg tracking-tight">{siteName}</span>
    </Link>
  );
}
