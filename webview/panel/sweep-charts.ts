/**
 * The size sweep's log–log plots (Chart.js): encode and decode time per call against JSON size
 * with each point's interval over rounds as a bar, speed-up against JSON by size, and size
 * relative to JSON (raw, gzip, brotli) by size. One line per codec; points appear as they are
 * measured. The sweep's table carries the same numbers as text.
 */
import {
  Chart, type ChartDataset, Legend, LinearScale, LineController, LineElement, LogarithmicScale, type Plugin, PointElement, Tooltip,
} from 'chart.js';
import { el } from '../common/dom';
import { type Disposable, DisposableStore } from '../common/dispose';
import { formatDuration, formatDurationRange, formatSpeedupRange } from './format';
import { formatJsonSize } from '../../src/shared/sweep-format';
import type { SeriesPoint } from './sweep-model';
import { type ChartTheme, readChartTheme, watchTheme } from './theme';
import { styleChart } from './charts';

Chart.register(LineController, LineElement, PointElement, LinearScale, LogarithmicScale, Legend, Tooltip);

type LineChart = Chart<'line', Array<{ x: number; y: number }>, unknown>;
type Interval = [number, number] | null;
type Series = { codec: string; label: string; points: SeriesPoint[] };

interface PlotSpec {
  key: 'encode' | 'decode' | 'speedup' | 'ratio';
  title: string;
  description: string;
  yTitle: string;
  formatY: (value: number) => string;
}

const PLOTS: PlotSpec[] = [
  { key: 'encode', title: 'Encode time per call against JSON size', description: 'Log–log line chart of encode time per call against JSON size, one line per codec, with interval bars', yTitle: 'encode time per call', formatY: formatDuration },
  { key: 'decode', title: 'Decode time per call against JSON size', description: 'Log–log line chart of decode time per call against JSON size, one line per codec, with interval bars', yTitle: 'decode time per call', formatY: formatDuration },
  { key: 'speedup', title: 'Speed-up against JSON by size (solid: encode, dashed: decode)', description: 'Log–log line chart of speed-up against JSON by JSON size, per codec', yTitle: "JSON's time / the codec's", formatY: (value) => `${Number(value.toPrecision(2))}×` },
  { key: 'ratio', title: 'Size relative to JSON by size (solid: raw, dashed: gzip, dotted: brotli)', description: 'Log–log line chart of encoded, gzip and brotli size over JSON size, per codec', yTitle: 'bytes / JSON bytes', formatY: (value) => String(Number(value.toPrecision(2))) },
];

interface LineSpec {
  label: string;
  colour: number;
  dash: number[];
  points: Array<{ x: number; y: number }>;
  intervals: Interval[];
  hover: string[];
}

/** Draws each point's interval (lowest–highest round) as a vertical bar with caps. */
function intervalBars(intervalsOf: () => Interval[][]): Plugin<'line'> {
  return {
    id: 'intervalBars',
    afterDatasetsDraw(chart) {
      const all = intervalsOf();
      const y = chart.scales['y'];
      if (!y) return;
      const { ctx } = chart;
      chart.data.datasets.forEach((dataset, index) => {
        const meta = chart.getDatasetMeta(index);
        const intervals = all[index];
        if (!intervals || meta.hidden) return;
        ctx.save();
        ctx.strokeStyle = String(dataset.borderColor);
        ctx.lineWidth = 1;
        meta.data.forEach((point, pointIndex) => {
          const interval = intervals[pointIndex];
          if (!interval || interval[0] === interval[1]) return;
          const top = y.getPixelForValue(interval[1]);
          const bottom = y.getPixelForValue(interval[0]);
          ctx.beginPath();
          ctx.moveTo(point.x, top);
          ctx.lineTo(point.x, bottom);
          ctx.moveTo(point.x - 3, top);
          ctx.lineTo(point.x + 3, top);
          ctx.moveTo(point.x - 3, bottom);
          ctx.lineTo(point.x + 3, bottom);
          ctx.stroke();
        });
        ctx.restore();
      });
    },
  };
}

export class SweepCharts implements Disposable {
  readonly element: HTMLElement;
  /** Each plot's chart and the lines it draws (read by its tooltip and interval bars). */
  private readonly charts = new Map<PlotSpec['key'], { chart: LineChart; drawn: { lines: LineSpec[] } }>();
  private readonly canvases = new Map<PlotSpec['key'], HTMLCanvasElement>();
  private series: Series[] = [];
  private readonly disposables = new DisposableStore();

  constructor() {
    const figures = PLOTS.map((plot) => {
      const canvas = el('canvas', { attrs: { role: 'img', 'aria-label': plot.description } });
      this.canvases.set(plot.key, canvas);
      return el('figure', { className: 'chart sweep-chart', attrs: { 'data-plot': plot.key } }, [el('figcaption', { text: plot.title }), el('div', { className: 'chart-frame sweep-frame' }, [canvas])]);
    });
    this.element = el('section', { className: 'sweep-charts', attrs: { 'aria-label': 'Size sweep plots' } }, figures);
    this.disposables.add(watchTheme(() => this.draw()));
  }

  update(series: Series[]): void {
    this.series = series;
    this.draw();
  }

  dispose(): void {
    this.disposables.dispose();
    for (const { chart } of this.charts.values()) chart.destroy();
  }

  private linesOf(key: PlotSpec['key']): LineSpec[] {
    const lines: LineSpec[] = [];
    this.series.forEach((series, colour) => {
      const points = series.points;
      const at = (point: SeriesPoint) => formatJsonSize(point.jsonBytes);
      if (key === 'encode' || key === 'decode') {
        lines.push({
          label: series.codec,
          colour,
          dash: [],
          points: points.map((point) => ({ x: point.jsonBytes, y: point.row[key].meanNs })),
          intervals: points.map((point) => point.row[key].meanInterval),
          hover: points.map((point) => `${series.codec} ${key} at ${at(point)}: ${formatDurationRange(point.row[key].meanNs, point.row[key].meanInterval)} per call`),
        });
      } else if (key === 'speedup') {
        if (series.codec === 'json') return;
        for (const [operation, dash] of [['encode', []], ['decode', [6, 4]]] as const) {
          const usable = points.filter((point) => point.row.speedupVsJson);
          lines.push({
            label: `${series.codec} ${operation}`,
            colour,
            dash: [...dash],
            points: usable.map((point) => ({ x: point.jsonBytes, y: point.row.speedupVsJson![operation] })),
            intervals: usable.map((point) => point.row.speedupVsJson![`${operation}Interval`]),
            hover: usable.map((point) => `${series.codec} ${operation} vs JSON at ${at(point)}: ${formatSpeedupRange(point.row.speedupVsJson![operation], point.row.speedupVsJson![`${operation}Interval`])}`),
          });
        }
      } else {
        const kinds = [['raw', [], (point: SeriesPoint) => point.row.bytes], ['gzip', [6, 4], (point: SeriesPoint) => point.row.compressed.gzip], ['brotli', [2, 3], (point: SeriesPoint) => point.row.compressed.brotli]] as const;
        for (const [name, dash, bytesOf] of kinds) {
          lines.push({
            label: `${series.codec} ${name}`,
            colour,
            dash: [...dash],
            points: points.map((point) => ({ x: point.jsonBytes, y: bytesOf(point) / point.jsonBytes })),
            intervals: points.map(() => null),
            hover: points.map((point) => `${series.codec} ${name} at ${at(point)}: ${bytesOf(point).toLocaleString('en-US')} B (${(bytesOf(point) / point.jsonBytes).toFixed(3)} of JSON)`),
          });
        }
      }
    });
    return lines;
  }

  private draw(): void {
    const theme = readChartTheme();
    Chart.defaults.font.family = theme.fontFamily;
    Chart.defaults.font.size = theme.fontSize;
    Chart.defaults.color = theme.foreground;
    const counts: string[] = [];
    for (const plot of PLOTS) {
      const lines = this.linesOf(plot.key);
      let entry = this.charts.get(plot.key);
      if (!entry) {
        const drawn = { lines };
        const chart: LineChart = new Chart(this.canvases.get(plot.key)!, {
          type: 'line',
          data: { datasets: [] },
          options: chartOptions(plot, () => drawn.lines),
          plugins: [intervalBars(() => drawn.lines.map((line) => line.intervals))],
        });
        entry = { chart, drawn };
        this.charts.set(plot.key, entry);
      }
      entry.drawn.lines = lines;
      entry.chart.data.datasets = lines.map((line) => dataset(line, theme));
      styleChart(entry.chart, theme);
      entry.chart.update();
      counts.push(`${plot.key}:${lines.reduce((sum, line) => sum + line.points.length, 0)}`);
    }
    // Observable by tests: points per plot and the scales' types (drawn on canvas, not in the DOM).
    this.element.dataset['points'] = counts.join(' ');
    this.element.dataset['scales'] = [...this.charts.values()].map(({ chart }) => `${chart.scales['x']?.type}/${chart.scales['y']?.type}`).join(' ');
  }
}

function chartOptions(plot: PlotSpec, lines: () => LineSpec[]): LineChart['options'] {
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    parsing: false,
    scales: {
      x: { type: 'logarithmic', title: { display: true, text: 'JSON size' }, afterBuildTicks: (axis) => { axis.ticks = steppedTicks(axis.min, axis.max, 4, 1024); }, ticks: { maxRotation: 0, callback: (value) => formatJsonSize(Number(value)) } },
      y: { type: 'logarithmic', title: { display: true, text: plot.yTitle }, afterBuildTicks: (axis) => { axis.ticks = decadeTicks(axis.min, axis.max); }, ticks: { callback: (value) => plot.formatY(Number(value)) } },
    },
    plugins: {
      legend: { position: 'bottom', labels: { boxWidth: 12, boxHeight: 2 } },
      tooltip: { callbacks: { label: (item) => lines()[item.datasetIndex]?.hover[item.dataIndex] ?? '' } },
    },
  };
}

/** Ticks at `base`·factor^k within [min, max] (sizes: 1 KiB, 4 KiB, 16 KiB…); every other one when crowded. */
function steppedTicks(min: number, max: number, factor: number, base: number): Array<{ value: number }> {
  const ticks: Array<{ value: number }> = [];
  let value = base * factor ** Math.floor(Math.log(Math.max(min, 1) / base) / Math.log(factor));
  for (; value <= max * 1.0001; value *= factor) if (value >= min * 0.9999) ticks.push({ value });
  return ticks.length > 8 ? ticks.filter((_, index) => index % 2 === 0) : ticks;
}

/** Ticks at 1 and 3 times the powers of ten within [min, max]; only the powers when crowded. */
function decadeTicks(min: number, max: number): Array<{ value: number }> {
  const ticks: Array<{ value: number }> = [];
  for (let decade = 10 ** Math.floor(Math.log10(Math.max(min, Number.MIN_VALUE))); decade <= max; decade *= 10) {
    for (const multiple of [1, 3]) if (decade * multiple >= min && decade * multiple <= max) ticks.push({ value: decade * multiple });
  }
  return ticks.length > 8 ? ticks.filter((tick) => Math.abs(Math.log10(tick.value) % 1) < 1e-9 || Math.abs(Math.log10(tick.value) % 1) > 1 - 1e-9) : ticks;
}

const palette = (theme: ChartTheme) => [theme.foreground, theme.blue, theme.orange, theme.green, theme.purple, theme.yellow, theme.red];

function dataset(line: LineSpec, theme: ChartTheme): ChartDataset<'line', Array<{ x: number; y: number }>> {
  const colours = palette(theme);
  const colour = colours[line.colour % colours.length]!;
  // Past the theme's colours, lines repeat a colour with a point style of their own.
  const round = Math.floor(line.colour / colours.length);
  return {
    label: line.label,
    data: line.points,
    borderColor: colour,
    backgroundColor: colour,
    borderDash: line.dash,
    borderWidth: 1.5,
    pointRadius: 3,
    pointStyle: (['circle', 'rectRot', 'triangle'] as const)[round % 3],
  };
}
