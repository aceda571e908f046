import { defineConfig } from '@chakra-ui/react';

// Brand purple with a lavender tint (spec 3 §9). Components use the semantic tokens only, so the
// `.dark` class on <html> switches every surface at once.
export const themeConfig = defineConfig({
  globalCss: {
    'html, body, #root': { height: '100%' },
    body: { bg: 'bg.canvas', color: 'fg', fontFeatureSettings: '"cv11", "ss01"' },
  },
  theme: {
    // a button with no colour of its own is the brand's, not Chakra's near-black gray (an explicit
    // colorPalette, red for delete, still wins: style props sit above recipes)
    recipes: {
      button: { variants: { variant: { solid: { colorPalette: 'brand' } } } },
    },
    tokens: {
      fonts: {
        heading: {
          value: `'Inter', 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif`,
        },
        body: {
          value: `'Inter', 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif`,
        },
      },
      colors: {
        brand: {
          50: { value: '#f6f3ff' },
          100: { value: '#ece6ff' },
          200: { value: '#d9ceff' },
          300: { value: '#bca8fb' },
          400: { value: '#9c7ff3' },
          500: { value: '#7f5ae6' },
          600: { value: '#6b46c1' },
          700: { value: '#5837a3' },
          800: { value: '#452b81' },
          900: { value: '#32205e' },
          950: { value: '#1f133c' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.400}' } },
          contrast: { value: { _light: 'white', _dark: '{colors.brand.950}' } },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.200}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: { _light: '{colors.brand.500}', _dark: '{colors.brand.400}' } },
        },
        bg: {
          canvas: { value: { _light: '#f7f6fb', _dark: '#121018' } },
        },
        // Chakra's own fg.subtle (gray.400 / gray.500) reads at 2.6:1 and 3.8:1 on our panels; the
        // quietest text still needs 4.5:1 (WCAG AA) on every surface it sits on, brand.muted included.
        fg: {
          subtle: { value: { _light: '#66666e', _dark: '#94949d' } },
        },
        shell: {
          bar: {
            value: {
              _light: 'linear-gradient(90deg, {colors.brand.700}, {colors.brand.500})',
              _dark: 'linear-gradient(90deg, #1d1730, #2a2145)',
            },
          },
          barFg: { value: { _light: 'white', _dark: '{colors.brand.100}' } },
          drawer: { value: { _light: 'white', _dark: '#17141f' } },
          active: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
        },
      },
    },
  },
});
