import { Link } from 'wouter';
import { ShieldAlert } from '../../../components/ui/icons';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

export function AccessDenied() {
  return (
    <Card className="mx-auto max-w-md p-8 text-center">
      <ShieldAlert className="mx-auto h-12 w-12 text-danger" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-ink">Access Denied</h1>
      <p className="mt-2 text-muted">You don't have permission to access the admin dashboard.</p>
      <Button asChild variant="outline" className="mt-6">
        <Link href="/">Go to the home page</Link>
      </Button>
    </Card>
  );
}
