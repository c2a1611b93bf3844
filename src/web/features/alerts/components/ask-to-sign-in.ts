import { redirectAfter } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';

/** A visitor (or a member whose session ended) who asks for an alert is sent to sign in first. */
export function askToSignIn() {
  toast({ title: 'Please log in', description: 'You need to be logged in to save searches.', variant: 'destructive' });
  redirectAfter('/api/login', 500);
}
