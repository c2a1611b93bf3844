import type { ProgrammeCard } from '../../../shared/schemas/partner-programme-json';
import { programmeCardLine, verifiedText } from '../../../shared/partner-wording';

/** A card's partner programme: one line, and "Verified <month year>" when an administrator checked the terms. */
export function PartnerCardLine({ partner }: { partner: ProgrammeCard }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-ink" data-testid="partner-line">
      <span className="font-medium">{programmeCardLine(partner)}</span>
      {partner.verifiedAt && (
        <span className={partner.stale ? 'text-muted' : 'font-medium text-green-800'} title={partner.stale ? 'Verified over 180 days ago' : undefined}>
          {verifiedText(partner.verifiedAt)}
        </span>
      )}
    </p>
  );
}
