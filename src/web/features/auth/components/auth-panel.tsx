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

/** The sign-in card: Login and Register tabs. Used by /auth and in front of the signed-in areas. */
export function AuthPanel({ title, description, onSignedIn }: AuthPanelProps) {
  return (
    <Card className="w-full max-w-md p-6 sm:p-8">
      <div className="mb-6 space-y-1 text-center">
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        <p className="text-sm text-muted">{description}</p>
      </div>
      <Tabs defaultValue="login">
        <TabsList stretch>
          <TabsTrigger value="login">Login</TabsTrigger>
          <TabsTrigger value="register">Register</TabsTrigger>
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
