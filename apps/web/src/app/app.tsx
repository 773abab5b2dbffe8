import { useEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { AppRoutes } from './router';

/**
 * SPEC.md §4: any 401 clears the session (done by the client) and goes to /login, which leaves the
 * signed-in pages' QueryLayout and so their cache.
 */
function UnauthorizedRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => void navigate('/login', { replace: true }));
  }, [navigate]);
  return null;
}

export function App() {
  return (
    <BrowserRouter>
      <UnauthorizedRedirect />
      <AppRoutes />
    </BrowserRouter>
  );
}
