/**
 * The colours and font of the current VS Code theme, read from the `--vscode-*` variables VS
 * Code defines on the page, and a watch for theme changes: VS Code swaps the body's class
 * (vscode-light, vscode-dark, vscode-high-contrast, vscode-high-contrast-light) and rewrites
 * the variables on <html> (which alone changes between two dark themes).
 */
import type { Disposable } from '../common/dispose';
import { type ChartThemeKind, seriesPalette } from './palette';

export type { ChartThemeKind };

export interface ChartTheme {
  kind: ChartThemeKind;
  foreground: string;
  /** Series colours (palette.ts): the foreground, then hues told apart also with colour blindness. */
  series: string[];
  lines: string;
  /** Bars get an outline in high contrast themes; empty elsewhere. */
  contrastBorder: string;
  hoverBackground: string;
  hoverForeground: string;
  hoverBorder: string;
  fontFamily: string;
  fontSize: number;
}

function themeKind(body: HTMLElement): ChartThemeKind {
  if (body.classList.contains('vscode-high-contrast-light')) return 'high-contrast-light';
  if (body.classList.contains('vscode-high-contrast')) return 'high-contrast';
  if (body.classList.contains('vscode-light')) return 'light';
  return 'dark';
}

export function readChartTheme(): ChartTheme {
  const style = getComputedStyle(document.body);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const foreground = token('--vscode-charts-foreground', token('--vscode-foreground', style.color));
  const kind = themeKind(document.body);
  const highContrast = kind === 'high-contrast' || kind === 'high-contrast-light';
  return {
    kind,
    foreground,
    series: seriesPalette(kind, foreground),
    lines: token('--vscode-charts-lines', foreground),
    contrastBorder: highContrast ? token('--vscode-contrastBorder', foreground) : '',
    hoverBackground: token('--vscode-editorHoverWidget-background', token('--vscode-editor-background', 'Canvas')),
    hoverForeground: token('--vscode-editorHoverWidget-foreground', foreground),
    hoverBorder: token('--vscode-editorHoverWidget-border', token('--vscode-widget-border', foreground)),
    fontFamily: token('--vscode-font-family', style.fontFamily),
    fontSize: Number.parseFloat(token('--vscode-font-size', '13')) || 13,
  };
}

/** Calls `onChange` when VS Code switches theme. */
export function watchTheme(onChange: () => void): Disposable {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { attributes: true, attributeFilter: ['class'] });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['style'] });
  return { dispose: () => observer.disconnect() };
}
