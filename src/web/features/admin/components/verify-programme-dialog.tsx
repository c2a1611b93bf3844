import { useId, useState } from 'react';
import { verificationSources, type VerificationSource } from '../../../../shared/partner-programme-values';
import { programmeVerificationSchema } from '../../../../shared/schemas/partner-programme';
import type { AdminProgrammeJson } from '../../../../shared/schemas/partner-programme-json';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useVerifyProgramme } from '../api/use-admin-programmes';

const sourceLabels: Record<VerificationSource, string> = { document: 'Document', vendor_portal: 'Vendor portal', call: 'Call' };

/** The server refuses a day after its own (UTC) today: the form offers that day, not the reader's local one. */
const today = () => new Date().toISOString().slice(0, 10);

/** "Verify": the day the live terms were checked (today unless said otherwise) and against what. */
export function VerifyProgrammeDialog({ programme, onOpenChange }: { programme: AdminProgrammeJson | null; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const verify = useVerifyProgramme();
  const [verifiedAt, setVerifiedAt] = useState(today);
  const [source, setSource] = useState<VerificationSource>('document');
  const [error, setError] = useState<string>();

  const close = () => {
    setVerifiedAt(today());
    setError(undefined);
    onOpenChange(false);
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!programme) return;
    // The same schema as the route: a bad day is said on the field before anything is sent.
    const parsed = programmeVerificationSchema.safeParse({ verifiedAt, source });
    if (!parsed.success) {
      setError(parsed.error.issues.find((issue) => issue.path[0] === 'verifiedAt')?.message ?? parsed.error.issues[0]?.message);
      return;
    }
    verify.mutate(
      { type: programme.type, id: programme.listingId, verification: parsed.data },
      {
        onSuccess: () => {
          toast({ title: 'Partner terms verified' });
          close();
        },
        onError: (failure) => toast({ title: 'Error', description: errorMessage(failure, 'Failed to verify the terms'), variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog open={!!programme} onOpenChange={(open) => (open ? onOpenChange(true) : close())}>
      <DialogContent
        title="Verify partner terms"
        description={programme ? `Record when and from what you checked the live terms of "${programme.title}". Its page and cards then say "Verified" with the month.` : undefined}
      >
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          <FormField id={`${id}-date`} label="Verified on" error={error}>
            <Input
              id={`${id}-date`}
              type="date"
              required
              min="2000-01-01"
              max={today()}
              value={verifiedAt}
              aria-invalid={error ? true : undefined}
              onChange={(e) => {
                setVerifiedAt(e.target.value);
                setError(undefined);
              }}
            />
          </FormField>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-ink">Source</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {verificationSources.map((value) => (
                <label key={value} className="flex cursor-pointer items-center gap-2 text-sm text-ink">
                  <input type="radio" name={`${id}-source`} value={value} checked={source === value} onChange={() => setSource(value)} className="h-4 w-4 accent-primary" />
                  {sourceLabels[value]}
                </label>
              ))}
            </div>
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={verify.isPending}>
              {verify.isPending ? 'Saving...' : 'Verify'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
