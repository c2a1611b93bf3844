import type { ApplicationStatus } from '../../../../shared/partner-application-values';
import type { BadgeTone } from '../../../components/ui/badge';

/** The colour of an application's status badge, the same on every screen that shows one. */
export const statusTones: Record<ApplicationStatus, BadgeTone> = { pending: 'yellow', info_requested: 'amber', approved: 'green', declined: 'red', withdrawn: 'neutral' };
