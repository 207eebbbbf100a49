/**
 * The charts' series colours, one palette per theme kind. VS Code's chart tokens give six hues,
 * and two of them (orange #d18616 and yellow #cca700) are hard to tell apart in a line chart,
 * harder still for a reader with red–green colour blindness. These are Okabe and Ito's
 * colour-blind-safe hues, moved just enough that, in each theme, every colour stands 3:1 from
 * the editor background (WCAG's contrast for graphics) and every two colours differ by at least
 * 18 CIELAB units for normal vision and simulated protanopia, deuteranopia and tritanopia
 * (test/webview/panel-palette.test.ts checks both on the colours the charts draw). The theme's
 * foreground comes first (the JSON baseline's line, in the sweep).
 */
/** VS Code's four kinds of theme, from the body's class (theme.ts). */
export type ChartThemeKind = 'light' | 'dark' | 'high-contrast' | 'high-contrast-light';

const HUES: Record<ChartThemeKind, readonly string[]> = {
  // blue, orange, green, yellow, dark blue, vermilion, pink
  dark: ['#62c4fc', '#f09600', '#02a470', '#f8e419', '#006fae', '#d15b00', '#cc79a7'],
  'high-contrast': ['#57c0fc', '#ea9100', '#02a074', '#f2e644', '#447cf4', '#fa6c44', '#de85bb'],
  // On white the light hues darken: blue, vermilion, green, sand, purple, pink, sky blue.
  light: ['#004fb9', '#c14800', '#18753f', '#a8914a', '#622d81', '#c0499c', '#439dd0'],
  'high-contrast-light': ['#1d59ca', '#c44b00', '#007d4c', '#a8914a', '#5b378f', '#c0418a', '#429dd1'],
};

/** The theme's foreground, then seven hues: a series' colour is `palette[index % length]`. */
export function seriesPalette(kind: ChartThemeKind, foreground: string): string[] {
  return [foreground, ...HUES[kind]];
}

/** Past the palette's colours, series repeat a colour with a marker of their own. */
export const POINT_STYLES = ['circle', 'rectRot', 'triangle'] as const;

export function seriesStyle(palette: readonly string[], index: number): { colour: string; pointStyle: (typeof POINT_STYLES)[number] } {
  return { colour: palette[index % palette.length]!, pointStyle: POINT_STYLES[Math.floor(index / palette.length) % POINT_STYLES.length]! };
}
