/** Mantine's toast host with the station's settings; a chunk of its own (see provider.tsx). */
import { Notifications } from '@mantine/notifications';
import { TOAST_EXIT_TRANSITION_MS } from '@/lib/toast';

export function ToastHost() {
  return (
    <Notifications
      position="top-right"
      zIndex={1000}
      limit={5}
      containerWidth={380}
      transitionDuration={TOAST_EXIT_TRANSITION_MS}
    />
  );
}
