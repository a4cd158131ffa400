/**
 * The Mantine theme: the station's orange-to-raspberry brand, bundled fonts (no external CDN under
 * the CSP), and the spec's breakpoints (576 / 768 / 992 / 1200 px).
 */
import {
  Anchor,
  Button,
  Container,
  Paper,
  createTheme,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

/** Primary: a deep orange. Shade 7 (#d9380f) keeps white text above 4.5:1. */
const onda: MantineColorsTuple = [
  '#fff0e8',
  '#ffdccc',
  '#ffb899',
  '#ff9162',
  '#ff7035',
  '#ff5f1f',
  '#f04a10',
  '#d9380f',
  '#b82f0c',
  '#96260a',
];

/** Accent: raspberry, the other end of the brand gradient. */
const berry: MantineColorsTuple = [
  '#ffe9f1',
  '#fdd0e0',
  '#f7a1c1',
  '#f06f9f',
  '#e84683',
  '#e22d72',
  '#d31f67',
  '#c2185b',
  '#a3134c',
  '#850e3d',
];

/** The brand gradient, also used in CSS modules through `--onda-gradient`. */
export const BRAND_GRADIENT = { from: 'onda.7', to: 'berry.7', deg: 110 } as const;

const SYSTEM_SANS =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export const theme = createTheme({
  primaryColor: 'onda',
  primaryShade: { light: 7, dark: 7 },
  colors: { onda, berry },
  // The metric-matched stand-ins (fallback-fonts.css) before the system's fonts: the page does not
  // move when the web font replaces them.
  fontFamily: `'Inter Variable', 'Inter Fallback', 'Inter Fallback Roboto', 'Inter Fallback DejaVu', ${SYSTEM_SANS}`,
  headings: {
    fontFamily: `'Montserrat Variable', 'Montserrat Fallback', 'Montserrat Fallback Roboto', 'Montserrat Fallback DejaVu', ${SYSTEM_SANS}`,
    fontWeight: '800',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  defaultGradient: BRAND_GRADIENT,
  breakpoints: {
    xs: '36em',
    sm: '48em',
    md: '62em',
    lg: '75em',
    xl: '90em',
  },
  other: {
    maxContentWidth: 1240,
  },
  components: {
    Container: Container.extend({
      defaultProps: { size: 1240 },
    }),
    Button: Button.extend({
      defaultProps: { radius: 'xl' },
    }),
    Paper: Paper.extend({
      defaultProps: { radius: 'lg' },
    }),
    Anchor: Anchor.extend({
      defaultProps: { underline: 'hover' },
    }),
  },
});

/**
 * Text colours that read at WCAG AA (4.5:1) on the light scheme, where Mantine's defaults do not:
 * the dimmed grey (gray.6, #868e96, 3.3:1 on white: dates, captions, card subtitles, section
 * titles) and the text of `light` badges and alerts in the brand and red (shade 7 on their tinted
 * background, 4.0 and 3.4:1; 'PRO', 'AO VIVO'). #626973 is 5.5:1 on white and 4.7:1 on gray.2; shade
 * 8 of the brand is 5.3:1 and red's shade 9 4.8:1 on their tints. The dark scheme's are left as
 * Mantine has them.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#626973',
    '--mantine-color-onda-light-color': 'var(--mantine-color-onda-8)',
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
