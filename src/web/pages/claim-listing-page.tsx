import { Link, useLocation, useSearch } from 'wouter';
import { listingPath } from '../components/listing/listing-paths';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { useConfirmClaim } from '../features/listing-claims/api/use-listing-claims';
import { errorMessage } from '../lib/api';
import { useCurrentUser } from '../lib/current-user';
import { usePageMeta } from '../lib/page-meta';
import { toast } from '../lib/toast';

/** /claim-listing?token=: where a claim link leads. The member who asked confirms it, signed in. */
export default function ClaimListingPage() {
  const token = new URLSearchParams(useSearch()).get('token')?.trim() ?? '';
  const { user, isLoading } = useCurrentUser();
  const confirm = useConfirmClaim();
  const [, navigate] = useLocation();
  usePageMeta('claim-listing');

  const onConfirm = () =>
    confirm.mutate(token, {
      onSuccess: (answer) => {
        toast({ title: 'Listing claimed', description: answer.message });
        navigate(listingPath(answer.listing));
      },
      onError: (error) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
    });

  return (
    <main className="flex flex-1 items-start justify-center px-4 py-12 sm:py-16">
      <Card className="w-full max-w-md space-y-4 p-6 sm:p-8">
        <h1 className="text-2xl font-bold text-ink">Claim your listing</h1>
        {!token ? (
          <p role="alert" className="text-sm text-muted">
            This link is incomplete. Please open the link from your email again, or copy all of it into the address bar.
          </p>
        ) : isLoading ? null : !user ? (
          <>
            <p className="text-sm text-muted">Sign in as the member who asked for this link, then open it again.</p>
            <Button asChild className="w-full">
              <Link href="/auth">Sign in</Link>
            </Button>
          </>
        ) : (
          <>
            <p className="text-sm text-muted">
              Confirm that the listing becomes yours, signed in as {user.email}. You become its provider and can edit it from your provider dashboard.
            </p>
            {confirm.error && (
              <p role="alert" className="text-sm text-danger">
                {errorMessage(confirm.error)}
              </p>
            )}
            <Button className="w-full" onClick={onConfirm} disabled={confirm.isPending}>
              {confirm.isPending ? 'Claiming...' : 'Confirm claim'}
            </Button>
          </>
        )}
      </Card>
    </main>
  );
}
