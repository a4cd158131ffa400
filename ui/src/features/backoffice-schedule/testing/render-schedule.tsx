/** Renders the schedule desk's routes at a path, with the address shown for assertions. */
import { renderRoutes } from '@/features/backoffice/testing/render-routes';
import { BackofficeSchedulePage } from '../BackofficeSchedulePage';

export function renderSchedule(route: string) {
  return renderRoutes(
    {
      '/a1programacao/:streamId': <BackofficeSchedulePage view="grid" />,
      '/a1programacao/playlists/:id': <BackofficeSchedulePage view="playlist" />,
    },
    route,
  );
}
