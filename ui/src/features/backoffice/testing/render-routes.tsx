/** Renders a desk's routes at a path, with the address shown for assertions. */
import type { ReactElement } from 'react';
import { Route, Routes, useLocation } from '@/lib/router';
import { render } from '@/test/render';

// A test helper, never hot-reloaded.
// eslint-disable-next-line react-refresh/only-export-components
function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

/** `routes`: path → page; any other path draws 'outra página'. */
export function renderRoutes(routes: Record<string, ReactElement>, route: string) {
  return render(
    <>
      <Routes>
        {Object.entries(routes).map(([path, element]) => (
          <Route key={path} path={path} element={element} />
        ))}
        <Route path="*" element={<p>outra página</p>} />
      </Routes>
      <Address />
    </>,
    { route },
  );
}
