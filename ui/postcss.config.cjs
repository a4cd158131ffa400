// Mantine's PostCSS preset (rem(), light-dark(), @mixin hover, …) and our breakpoints as variables for
// CSS modules. Keep the values in step with src/lib/constants.ts (spec: 576, 768, 992, 1200 px).
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '36em',
        'mantine-breakpoint-sm': '48em',
        'mantine-breakpoint-md': '62em',
        'mantine-breakpoint-lg': '75em',
        'mantine-breakpoint-xl': '90em',
      },
    },
  },
};
