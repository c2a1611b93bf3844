import { useDeferredValue, useState } from 'react';
import { Briefcase, Shield, ShieldOff, Trash2, UserPlus } from '../../../components/ui/icons';
import { formatDate, formatPersonName } from '../../../../shared/format';
import type { AdminUser } from '../../../../shared/schemas/admin-user';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SearchInput } from '../../../components/ui/search-input';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useCurrentUser } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';
import { USERS_PAGE_SIZE, useAdminUsers, useDeleteUser, useSetUserFlag } from '../api/use-admin-users';
import { usePageCount } from '../use-page-count';
import { AddUserDialog } from './add-user-dialog';
import { Pager } from './pager';

const displayName = (user: AdminUser) => formatPersonName(user) || user.email;

/** User Management: everyone, their role, and the administrator's actions on them. */
export function UsersTab() {
  const [searchText, setSearchText] = useState('');
  const search = useDeferredValue(searchText.trim());
  const [page, setPage] = useState(1);
  const users = useAdminUsers(search, page);
  const pageCount = usePageCount(users.data?.total, USERS_PAGE_SIZE, page, setPage);
  const { user: me } = useCurrentUser();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const remove = useDeleteUser();

  const onDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: 'User deleted successfully' });
        setDeleting(null);
      },
      onError: (error) => {
        toast({ title: 'Error', description: errorMessage(error, 'Failed to delete user'), variant: 'destructive' });
        setDeleting(null);
      },
    });
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
          <SearchInput
            wrapperClassName="w-full sm:w-72"
            value={searchText}
            onChange={(e) => {
              setSearchText(e.target.value);
              setPage(1);
            }}
            placeholder="Search users..."
            aria-label="Search users by name, e-mail or company"
          />
          <p className="text-sm text-muted" aria-live="polite">
            {users.data ? `${users.data.total} ${users.data.total === 1 ? 'user' : 'users'}` : 'Loading users...'}
          </p>
        </div>
        <Button onClick={() => setAdding(true)}>
          <UserPlus className="h-4 w-4" aria-hidden="true" />
          Add User
        </Button>
      </div>
      {users.isLoading ? (
        <div className="space-y-3">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      ) : users.data?.items.length === 0 ? (
        <Card className="p-10 text-center text-muted">{search ? `No users match "${search}".` : 'No users yet.'}</Card>
      ) : (
        <ul className={cn('space-y-3', users.isPlaceholderData && 'opacity-70')} aria-label="Users">
          {users.data?.items.map((user) => (
            <li key={user.id}>
              <UserRow user={user} isSelf={user.id === me?.id} onDelete={() => setDeleting(user)} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageCount={pageCount} onPageChange={setPage} label="Pages of users" />
      <AddUserDialog open={adding} onOpenChange={setAdding} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete user"
        description={
          deleting
            ? `Are you sure you want to delete ${displayName(deleting)}? All their services are also deleted, with their reviews and favorites. This action cannot be undone.`
            : ''
        }
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        destructive
        pending={remove.isPending}
        onConfirm={onDelete}
      />
    </div>
  );
}

function UserRow({ user, isSelf, onDelete }: { user: AdminUser; isSelf: boolean; onDelete: () => void }) {
  const setFlag = useSetUserFlag();
  const name = displayName(user);
  const toggle = (flag: 'admin' | 'provider') =>
    setFlag.mutate(
      { userId: user.id, flag, value: flag === 'admin' ? !user.isAdmin : !user.isProvider },
      {
        onSuccess: () => toast({ title: `User ${flag} status updated successfully` }),
        onError: (error) =>
          toast({ title: 'Error', description: errorMessage(error, `Failed to update user ${flag} status`), variant: 'destructive' }),
      },
    );
  const badge = user.isAdmin ? <Badge tone="red">Admin</Badge> : user.isProvider ? <Badge tone="primary">Provider</Badge> : <Badge>Member</Badge>;
  return (
    <Card className="flex flex-col gap-3 p-4 lg:flex-row lg:items-center lg:justify-between" data-testid="admin-user" aria-label={name}>
      <div className="flex min-w-0 items-center gap-3">
        <Avatar name={name} src={user.profileImageUrl} />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
            <span className="break-all">{name}</span>
            {badge}
            {user.isAdmin && user.isProvider && <Badge tone="primary">Provider</Badge>}
            {!user.hasPassword && <Badge tone="yellow">Invited</Badge>}
            {isSelf && <span className="text-xs font-normal text-muted">(you)</span>}
          </p>
          <p className="text-sm break-all text-muted">{user.email}</p>
          <p className="text-xs text-muted">
            {user.companyName && <>{user.companyName} · </>}Joined {formatDate(user.createdAt)} · {user.listingCount}{' '}
            {user.listingCount === 1 ? 'listing' : 'listings'}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 lg:shrink-0">
        <Button variant="outline" size="sm" disabled={isSelf || setFlag.isPending} onClick={() => toggle('admin')} title={isSelf ? 'You cannot change your own admin status' : undefined}>
          {user.isAdmin ? <ShieldOff className="h-4 w-4" aria-hidden="true" /> : <Shield className="h-4 w-4" aria-hidden="true" />}
          {user.isAdmin ? 'Remove Admin' : 'Make Admin'}
        </Button>
        <Button variant="outline" size="sm" disabled={setFlag.isPending} onClick={() => toggle('provider')}>
          <Briefcase className="h-4 w-4" aria-hidden="true" />
          {user.isProvider ? 'Remove Provider' : 'Make Provider'}
        </Button>
        {!isSelf && (
          <Button variant="outline" size="sm" className="text-danger hover:bg-red-50" aria-label={`Delete ${name}`} onClick={onDelete}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </Button>
        )}
      </div>
    </Card>
  );
}
