import { DashboardPage } from '../features/dashboard/pages/dashboard-page';
import { NoBusinessPage } from '../features/business/pages/no-business-page';
import { useBootstrap } from '../lib/session';

/** /dashboard: the business's dashboard, or the way to a first business for a user without one. */
export function DashboardRoute() {
  const { current_business: business } = useBootstrap();
  return business ? <DashboardPage /> : <NoBusinessPage />;
}
