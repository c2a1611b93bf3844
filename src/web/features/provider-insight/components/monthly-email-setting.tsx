import { useId } from 'react';
import { Switch } from '../../../components/ui/switch';
import { errorMessage } from '../../../lib/api';
import { useMonthlyEmail, useSetMonthlyEmail } from '../api/use-monthly-email';

/** The profile's switch for the monthly figures e-mail (its one-click unsubscribe link turns the same setting off). */
export function MonthlyEmailSetting() {
  const id = useId();
  const { data } = useMonthlyEmail();
  const save = useSetMonthlyEmail();
  return (
    <div className="flex items-start gap-3 rounded-xl border border-line bg-surface p-4">
      <Switch
        id={id}
        checked={data?.subscribed ?? true}
        disabled={!data || save.isPending}
        onCheckedChange={(checked) => save.mutate(checked)}
        aria-describedby={`${id}-help`}
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-ink">
          Monthly figures e-mail
        </label>
        <p id={`${id}-help`} className="text-sm text-muted">
          Last month's views, visitors, leads and clicks against the month before, on the first of each month.
        </p>
        {save.isError && (
          <p role="alert" className="text-sm text-danger">
            {errorMessage(save.error)}
          </p>
        )}
      </div>
    </div>
  );
}
