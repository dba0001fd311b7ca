/** Negayno's Fluent UI v9 themes: one indigo brand ramp, light and dark. */
import { createDarkTheme, createLightTheme, type BrandVariants, type Theme as FluentTheme } from '@negayno/shared/fluent';
import { BRAND, type Theme } from '@negayno/shared/contract';

const brand: BrandVariants = {
  10: '#060417',
  20: '#15123A',
  30: '#1E1A5E',
  40: '#262079',
  50: '#2E2794',
  60: '#372FAD',
  70: BRAND.colorStrong,
  80: BRAND.color,
  90: '#6560EA',
  100: '#7A76EE',
  110: '#8F8CF1',
  120: '#A4A2F4',
  130: '#B9B8F7',
  140: '#CDCDF9',
  150: '#E1E1FC',
  160: '#F3F3FE',
};

const light: FluentTheme = createLightTheme(brand);
const dark: FluentTheme = {
  ...createDarkTheme(brand),
  // The default dark foregrounds of the ramp are too dim on dark surfaces.
  colorBrandForeground1: brand[110],
  colorBrandForeground2: brand[120],
  colorBrandForegroundLink: brand[120],
  colorBrandForegroundLinkHover: brand[130],
};

export const themes: Record<Theme, FluentTheme> = { light, dark };
