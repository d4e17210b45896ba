import { Outlet, useLocation } from 'react-router';
import { BrandCard } from '../../components/brand-card';

/** Guests only (the route's loader redirects signed-in users). */
export function LoginLayout() {
  const { pathname } = useLocation();
  return (
    <BrandCard width={pathname === '/sign-up' ? 560 : 440}>
      <Outlet />
    </BrandCard>
  );
}
