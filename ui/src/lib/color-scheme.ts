/**
 * Light/dark colour scheme. Light is the default; the dark theme is a PRO benefit, so the toggle is not
 * shown to everyone: PRO code exposes {@link useColorSchemeToggle} where it belongs.
 */
import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';

export const COLOR_SCHEME_STORAGE_KEY = 'onda-color-scheme';

export function useColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const colorScheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  return {
    colorScheme,
    isDark: colorScheme === 'dark',
    setColorScheme,
    toggle: () => setColorScheme(colorScheme === 'dark' ? 'light' : 'dark'),
  };
}
