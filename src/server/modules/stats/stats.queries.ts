import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { categories } from '../../../db/schema/categories';
import { listings } from '../../../db/schema/listings';
import { users } from '../../../db/schema/users';
import type { DashboardStats } from '../../../shared/types';
import { isPublicProvider } from '../providers/providers.queries';

/** Directory-wide counts. Four small counts on indexed columns, run side by side. */
export async function findDashboardStats(db: Executor): Promise<DashboardStats> {
  const liveOfType = (type: 'tools' | 'services') =>
    db.select({ total: count() }).from(listings).where(and(eq(listings.type, type), eq(listings.status, 'approved')));
  const [[tools], [services], [categoryCount], [providers]] = await Promise.all([
    liveOfType('tools'),
    liveOfType('services'),
    db.select({ total: count() }).from(categories),
    // The same people who have a public profile page.
    db.select({ total: count() }).from(users).where(isPublicProvider()),
  ]);
  return {
    tools: { approved: tools?.total ?? 0 },
    services: { approved: services?.total ?? 0 },
    categories: categoryCount?.total ?? 0,
    providers: providers?.total ?? 0,
  };
}
