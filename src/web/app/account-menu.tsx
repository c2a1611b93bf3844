import { Link } from 'wouter';
import { Heart, LayoutDashboard, LogOut, Shield, Store } from '../components/ui/icons';
import { formatPersonName } from '../../shared/format';
import type { User } from '../../shared/types';
import { Avatar } from '../components/ui/avatar';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '../components/ui/dropdown-menu';
import { useLogout } from '../features/auth/api/use-logout';

/** The signed-in person's avatar and the menu behind it: their name and e-mail, their dashboards, sign out. */
export function AccountMenu({ user }: { user: User }) {
  const { logout, isLoggingOut } = useLogout();
  const name = formatPersonName(user) || user.email;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="cursor-pointer rounded-full">
        {/* Named by its own (hidden) text, not aria-label: the initials it shows are a picture of the person, not a label that the name would have to contain. */}
        <span className="sr-only">Account menu</span>
        <span aria-hidden="true">
          <Avatar src={user.profileImageUrl} name={name} size="sm" />
        </span>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel>
          <p className="truncate font-medium text-ink">{name}</p>
          <p className="truncate text-xs text-muted">{user.email}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/favorites">
            <Heart className="h-4 w-4" aria-hidden="true" /> My Favorites
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/dashboard">
            <LayoutDashboard className="h-4 w-4" aria-hidden="true" /> Dashboard
          </Link>
        </DropdownMenuItem>
        {user.isProvider && (
          <DropdownMenuItem asChild>
            <Link href="/provider">
              <Store className="h-4 w-4" aria-hidden="true" /> Provider Dashboard
            </Link>
          </DropdownMenuItem>
        )}
        {user.isAdmin && (
          <DropdownMenuItem asChild>
            <Link href="/admin">
              <Shield className="h-4 w-4" aria-hidden="true" /> Admin Dashboard
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={isLoggingOut}
          onSelect={(event) => {
            // Keep the menu open so 'Logging out...' stays visible until the page leaves.
            event.preventDefault();
            logout();
          }}
        >
          <LogOut className="h-4 w-4" aria-hidden="true" /> {isLoggingOut ? 'Logging out...' : 'Sign out'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
