/**
 * How far apart two colours look, for normal vision and the three dichromacies: WCAG's contrast
 * ratio, CIELAB ΔE (CIE76) between colours, and Machado, Oliveira and Fernandes' (2009)
 * simulation of protanopia, deuteranopia and tritanopia (severity 1, on linear sRGB).
 */

type Rgb = [number, number, number];

export const VISIONS = ['normal', 'protanopia', 'deuteranopia', 'tritanopia'] as const;
export type Vision = (typeof VISIONS)[number];

const SIMULATION: Record<Exclude<Vision, 'normal'>, number[][]> = {
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

/** `#rrggbb` or `rgb(r, g, b)` / `rgba(…)`, as the page reports colours, in 0–1 sRGB. */
export function parseColour(text: string): Rgb {
  const hex = /^#([0-9a-f]{6})$/i.exec(text.trim());
  if (hex) return [0, 2, 4].map((at) => Number.parseInt(hex[1]!.slice(at, at + 2), 16) / 255) as Rgb;
  const rgb = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)/.exec(text.trim());
  if (rgb) return [rgb[1], rgb[2], rgb[3]].map((value) => Number(value) / 255) as Rgb;
  throw new Error(`not a colour: ${text}`);
}

const toLinear = (channel: number) => (channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4);
const toGamma = (channel: number) => (channel <= 0.0031308 ? 12.92 * channel : 1.055 * channel ** (1 / 2.4) - 0.055);
const clamp = (value: number) => Math.min(1, Math.max(0, value));

function luminance(colour: Rgb): number {
  const [r, g, b] = colour.map(toLinear) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio (1–21). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The colour as a reader with this vision sees it. */
export function simulate(colour: Rgb, vision: Vision): Rgb {
  if (vision === 'normal') return colour;
  const linear = colour.map(toLinear);
  return SIMULATION[vision].map((row) => toGamma(clamp(row[0]! * linear[0]! + row[1]! * linear[1]! + row[2]! * linear[2]!))) as Rgb;
}

function lab(colour: Rgb): Rgb {
  const [r, g, b] = colour.map(toLinear) as Rgb;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

/** CIE76 ΔE between two colours as a reader with this vision sees them. */
export function colourDistance(a: Rgb, b: Rgb, vision: Vision): number {
  const [p, q] = [lab(simulate(a, vision)), lab(simulate(b, vision))];
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}
