import type { FastifyInstance } from 'fastify';
import { runEvery } from '../../lib/run-every';
import { claimTurn, releaseTurn } from './alerts.queries';
import { type AlertDeps, sendDueDigests, sendFavouriteAlerts } from './alerts.service';

const TURN_KEY = 'alerts:turn';
/** The digests' share of a turn; the claim outlasts the whole turn, so no other server starts one meanwhile. */
const DIGEST_BUDGET_MS = 30_000;
const CLAIM_SECONDS = 120;

/**
 * One turn of the alerts: the due digests (within a time budget), then favourites' changes to mail
 * at once, then the day's favourites digests. Every server ticks; the turn is claimed in job_claims
 * so one server at a time does the work, and each mail's own claim (alerts.queries.ts) keeps it
 * single even when a claim ran out under a slow turn.
 */
export async function runAlertsTurn(deps: AlertDeps): Promise<{ digests: number; instant: number; daily: number } | undefined> {
  if (!(await claimTurn(deps.db, TURN_KEY, CLAIM_SECONDS))) return undefined;
  try {
    const digests = await sendDueDigests(deps, DIGEST_BUDGET_MS);
    const instant = await sendFavouriteAlerts(deps, 'instant');
    const daily = await sendFavouriteAlerts(deps, 'digest');
    return { digests, instant, daily };
  } finally {
    await releaseTurn(deps.db, TURN_KEY);
  }
}

export function scheduleAlerts(app: FastifyInstance, deps: AlertDeps) {
  runEvery(app, deps.config.alertsIntervalMs, () => runAlertsTurn(deps), 'could not send the alert e-mails; the next turn tries again');
}
