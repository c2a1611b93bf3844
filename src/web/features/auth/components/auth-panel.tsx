import { Link, useLocation, useSearchParams } from 'wouter';
import type { User } from '../../../../shared/types';
import { Card } from '../../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

type AuthPanelProps = {
  title: string;
  description: string;
  /** Runs when a login or registration succeeds, just before the user is in the cache. */
  onSignedIn?: (user: User) => void;
};

type AuthTab = 'login' | 'register';

/**
 * The sign-in card: Login and Register tabs. Used by /auth and in front of the signed-in areas.
 * The tabs are links to the same page with `?tab=register` (or without it), and the open tab is read
 * from the address: they switch as plain links before the app's code has run, and the server renders
 * the tab that was asked for.
 */
export function AuthPanel({ title, description, onSignedIn }: AuthPanelProps) {
  const [path] = useLocation();
  const [params] = useSearchParams();
  const tab: AuthTab = params.get('tab') === 'register' ? 'register' : 'login';
  const hrefOf = (value: AuthTab) => {
    const next = new URLSearchParams(params);
    if (value === 'register') next.set('tab', value);
    else next.delete('tab');
    const query = next.toString();
    return query ? `${path}?${query}` : path;
  };
  return (
    <Card className="w-full max-w-md p-6 sm:p-8">
      <div className="mb-6 space-y-1 text-center">
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        <p className="text-sm text-muted">{description}</p>
      </div>
      <Tabs value={tab}>
        <TabsList stretch>
          <TabsTrigger value="login" asChild>
            <Link href={hrefOf('login')} replace>
              Login
            </Link>
          </TabsTrigger>
          <TabsTrigger value="register" asChild>
            <Link href={hrefOf('register')} replace>
              Register
            </Link>
          </TabsTrigger>
        </TabsList>
        <TabsContent value="login" className="mt-6">
          <LoginForm onSignedIn={onSignedIn} />
        </TabsContent>
        <TabsContent value="register" className="mt-6">
          <RegisterForm onSignedIn={onSignedIn} />
        </TabsContent>
      </Tabs>
    </Card>
  );
}
