import { useId } from 'react';
import { Link } from 'wouter';
import { favouriteMailChoices, type FavouriteMailChoice } from '../../../../shared/schemas/alerts';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api';
import { useAlertSettings, useFavouriteAlerts, useSaveAlertSettings } from '../api/use-alerts';

const mailLabels: Record<FavouriteMailChoice, string> = { instant: 'At once', digest: 'In a daily digest', off: 'Not by e-mail' };
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** What changed on the member's favourites (terms, price, taken down), and how they are e-mailed. */
export function FavouriteAlerts() {
  const id = useId();
  const alerts = useFavouriteAlerts();
  const settings = useAlertSettings();
  const save = useSaveAlertSettings();
  return (
    <section aria-labelledby="favourite-alerts-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="favourite-alerts-heading" className="text-xl font-semibold text-ink">
          Changes to your favourites
        </h2>
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-mail`} className="text-sm text-muted">
            E-mail me
          </label>
          <select
            id={`${id}-mail`}
            className="h-9 rounded-md border border-line bg-surface px-2 text-sm text-ink focus-visible:outline-2 focus-visible:outline-primary"
            value={settings.data?.favouriteMail ?? 'instant'}
            disabled={!settings.data || save.isPending}
            onChange={(event) => save.mutate({ favouriteMail: event.target.value as FavouriteMailChoice })}
          >
            {favouriteMailChoices.map((choice) => (
              <option key={choice} value={choice}>
                {mailLabels[choice]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {save.isError && (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(save.error)}
        </p>
      )}
      {alerts.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : alerts.error ? (
        <p className="text-sm text-danger">{errorMessage(alerts.error)}</p>
      ) : alerts.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line bg-surface px-4 py-6 text-sm text-muted">
          Nothing has changed on your favourites. When a partner programme’s terms or a price change, or a listing is taken down, it shows here.
        </p>
      ) : (
        <ul className="space-y-3">
          {alerts.data.map((alert) => (
            <li key={alert.id} className="rounded-xl border border-line bg-surface p-4">
              <p className="font-medium text-ink">
                {alert.href ? (
                  <Link href={alert.href} className="hover:underline">
                    {alert.summary}
                  </Link>
                ) : (
                  alert.summary
                )}
              </p>
              {alert.changes.length > 0 && (
                <ul className="mt-1 text-sm text-ink">
                  {alert.changes.map((change) => (
                    <li key={change}>{change}</li>
                  ))}
                </ul>
              )}
              <p className="mt-1 text-xs text-muted">
                <time dateTime={alert.at}>{dateFormat.format(new Date(alert.at))}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
