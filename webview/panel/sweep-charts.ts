/**
 * The size sweep's log–log plots (Chart.js) as small multiples: one plot per figure (encode and
 * decode time per call with each point's interval over rounds as a bar, encode and decode
 * speed-up against JSON, encoded, gzip and brotli size relative to JSON), each with one line per
 * codec, and plots of one kind on one y scale. A codec keeps its colour (palette.ts) in every
 * plot; the legend above them picks the codecs drawn. One plot of 14 or 21 lines told nothing.
 * Points appear as they are measured; the sweep's table carries the same numbers as text.
 */
import { Chart, type ChartDataset, LinearScale, LineController, LineElement, LogarithmicScale, type Plugin, PointElement, Tooltip } from 'chart.js';
import { el } from '../common/dom';
import { type Disposable, DisposableStore, listen } from '../common/dispose';
import { formatDuration, formatDurationRange, formatSpeedupRange } from './format';
import { formatJsonSize } from '../../src/shared/sweep-format';
import type { SeriesPoint } from './sweep-model';
import { type ChartTheme, readChartTheme, watchTheme } from './theme';
import { styleChart } from './charts';
import { seriesStyle } from './palette';

Chart.register(LineController, LineElement, PointElement, LinearScale, LogarithmicScale, Tooltip);

type LineChart = Chart<'line', Array<{ x: number; y: number }>, unknown>;
type Interval = [number, number] | null;
type Series = { codec: string; label: string; points: SeriesPoint[] };
type Group = 'time' | 'speedup' | 'ratio';

interface PlotSpec {
  key: string;
  group: Group;
  title: string;
  description: string;
  yTitle: string;
  formatY: (value: number) => string;
  /** The plotted figure of a point, its interval over rounds, and its hover text; undefined: no point. */
  figure(point: SeriesPoint): { y: number; interval: Interval; text: string } | undefined;
}

const at = (point: SeriesPoint) => formatJsonSize(point.jsonBytes);
const speedup = (value: number) => `${Number(value.toPrecision(2))}×`;
const ratio = (value: number) => String(Number(value.toPrecision(2)));

function timePlot(operation: 'encode' | 'decode'): PlotSpec {
  const title = `${operation === 'encode' ? 'Encode' : 'Decode'} time per call`;
  return {
    key: operation,
    group: 'time',
    title,
    yTitle: 'time per call',
    formatY: formatDuration,
    description: `Log–log line chart of ${operation} time per call against JSON size, one line per codec, with interval bars`,
    figure: (point) => ({
      y: point.row[operation].meanNs,
      interval: point.row[operation].meanInterval,
      text: `${operation} at ${at(point)}: ${formatDurationRange(point.row[operation].meanNs, point.row[operation].meanInterval)} per call`,
    }),
  };
}

function speedupPlot(operation: 'encode' | 'decode'): PlotSpec {
  return {
    key: `speedup-${operation}`,
    group: 'speedup',
    title: `${operation === 'encode' ? 'Encode' : 'Decode'} speed-up against JSON`,
    yTitle: "JSON's time / the codec's",
    formatY: speedup,
    description: `Log–log line chart of ${operation} speed-up against JSON by JSON size, one line per codec`,
    figure: (point) => {
      const figures = point.row.speedupVsJson;
      if (!figures || point.row.codec === 'json') return undefined;
      const interval = figures[`${operation}Interval`];
      return { y: figures[operation], interval, text: `${operation} vs JSON at ${at(point)}: ${formatSpeedupRange(figures[operation], interval)}` };
    },
  };
}

function sizePlot(kind: 'raw' | 'gzip' | 'brotli'): PlotSpec {
  const bytesOf = (point: SeriesPoint) => (kind === 'raw' ? point.row.bytes : point.row.compressed[kind]);
  return {
    key: `ratio-${kind}`,
    group: 'ratio',
    title: kind === 'raw' ? 'Encoded size relative to JSON' : `${kind} size relative to JSON`,
    yTitle: 'bytes / JSON bytes',
    formatY: ratio,
    description: `Log–log line chart of ${kind === 'raw' ? 'encoded' : kind} size over JSON size, one line per codec`,
    figure: (point) => ({
      y: bytesOf(point) / point.jsonBytes,
      interval: null,
      text: `${kind} at ${at(point)}: ${bytesOf(point).toLocaleString('en-US')} B (${(bytesOf(point) / point.jsonBytes).toFixed(3)} of JSON)`,
    }),
  };
}

const GROUPS: ReadonlyArray<{ group: Group; title: string; plots: PlotSpec[] }> = [
  { group: 'time', title: 'Time per call against JSON size', plots: [timePlot('encode'), timePlot('decode')] },
  { group: 'speedup', title: 'Speed-up against JSON by size', plots: [speedupPlot('encode'), speedupPlot('decode')] },
  { group: 'ratio', title: 'Size relative to JSON by size', plots: [sizePlot('raw'), sizePlot('gzip'), sizePlot('brotli')] },
];
const PLOTS = GROUPS.flatMap(({ plots }) => plots);
/** What the legend shows for each point style (palette.ts): the marker a repeated colour gets. */
const MARKERS = { circle: '●', rectRot: '◆', triangle: '▲' } as const;

interface LineSpec {
  codec: string;
  label: string;
  colour: number;
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
        // Each line is given one colour string; Chart.js types allow gradients and callbacks too.
        if (typeof dataset.borderColor === 'string') ctx.strokeStyle = dataset.borderColor;
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
  private readonly charts = new Map<string, { chart: LineChart; drawn: { lines: LineSpec[] } }>();
  private readonly canvases = new Map<string, HTMLCanvasElement>();
  private readonly legend = el('div', { className: 'sweep-legend-items' });
  /** Codecs the user took off the plots (by id): kept while the panel lives, across sweeps. */
  private readonly hidden = new Set<string>();
  private series: Series[] = [];
  private nameOf: (codec: string) => string = (codec) => codec;
  private legendKey = '';
  private readonly disposables = new DisposableStore();

  constructor() {
    const groups = GROUPS.map(({ group, title, plots }) =>
      el('div', { className: 'sweep-group', attrs: { 'data-group': group } }, [
        el('h3', { className: 'sweep-group-title', text: title }),
        el(
          'div',
          { className: 'sweep-multiples' },
          plots.map((plot) => {
            const canvas = el('canvas', { attrs: { role: 'img', 'aria-label': plot.description } });
            this.canvases.set(plot.key, canvas);
            return el('figure', { className: 'chart sweep-chart', attrs: { 'data-plot': plot.key } }, [
              el('figcaption', { text: plot.title }),
              el('div', { className: 'chart-frame sweep-frame' }, [canvas]),
            ]);
          }),
        ),
      ]),
    );
    const legend = el('fieldset', { className: 'sweep-legend' }, [el('legend', { text: 'Codecs on the plots' }), this.legend]);
    this.element = el('section', { className: 'sweep-charts', attrs: { 'aria-label': 'Size sweep plots' } }, [legend, ...groups]);
    this.disposables.add(watchTheme(() => this.draw()));
    this.disposables.add(
      listen(this.legend, 'change', (event) => {
        const box = event.target as HTMLInputElement;
        const codec = box.dataset['codec'];
        if (codec === undefined) return;
        if (box.checked) this.hidden.delete(codec);
        else this.hidden.add(codec);
        this.draw();
      }),
    );
  }

  /** `nameOf`: what the sweep's tables call each codec (codec-names.ts), for the legend and tooltips. */
  update(series: Series[], nameOf: (codec: string) => string = (codec) => codec): void {
    this.series = series;
    this.nameOf = nameOf;
    this.draw();
  }

  dispose(): void {
    this.disposables.dispose();
    for (const { chart } of this.charts.values()) chart.destroy();
  }

  private linesOf(plot: PlotSpec, nameOf: (codec: string) => string): LineSpec[] {
    return this.series.flatMap((series, colour) => {
      if (this.hidden.has(series.codec)) return [];
      const figures = series.points.flatMap((point) => {
        const figure = plot.figure(point);
        return figure ? [{ x: point.jsonBytes, ...figure }] : [];
      });
      if (figures.length === 0 && plot.group === 'speedup' && series.codec === 'json') return [];
      const label = nameOf(series.codec);
      return [
        {
          codec: series.codec,
          label,
          colour,
          points: figures.map(({ x, y }) => ({ x, y })),
          intervals: figures.map((figure) => figure.interval),
          hover: figures.map((figure) => `${label} ${figure.text}`),
        },
      ];
    });
  }

  /** One checkbox per codec, in its colour and marker; rebuilt only when the codecs or colours change. */
  private drawLegend(theme: ChartTheme, nameOf: (codec: string) => string): void {
    const items = this.series.map((series, index) => ({ codec: series.codec, name: nameOf(series.codec), ...seriesStyle(theme.series, index) }));
    const key = JSON.stringify(items);
    if (key === this.legendKey) return;
    this.legendKey = key;
    this.legend.replaceChildren(
      ...items.map((item) => {
        const box = el('input', { attrs: { type: 'checkbox', 'data-codec': item.codec } });
        box.checked = !this.hidden.has(item.codec);
        const swatch = el('span', { className: 'sweep-swatch', text: MARKERS[item.pointStyle], attrs: { 'aria-hidden': 'true' } });
        swatch.style.color = item.colour;
        return el('label', { className: 'sweep-legend-item', attrs: { 'data-codec': item.codec } }, [box, swatch, item.name]);
      }),
    );
    this.element.dataset['colours'] = items.map((item) => `${item.codec}=${item.colour}`).join(' ');
  }

  private draw(): void {
    const theme = readChartTheme();
    Chart.defaults.font.family = theme.fontFamily;
    Chart.defaults.font.size = theme.fontSize;
    Chart.defaults.color = theme.foreground;
    const nameOf = this.nameOf;
    this.drawLegend(theme, nameOf);
    const counts: string[] = [];
    for (const { plots } of GROUPS) {
      const lines = plots.map((plot) => this.linesOf(plot, nameOf));
      // Small multiples share their y scale: a line higher in one plot than in its neighbour is higher.
      const range = sharedRange(lines.flat());
      plots.forEach((plot, index) => {
        const plotLines = lines[index]!;
        const entry = this.chartOf(plot);
        entry.drawn.lines = plotLines;
        entry.chart.data.datasets = plotLines.map((line) => dataset(line, theme));
        const y = entry.chart.options.scales!['y']!;
        y.min = range?.[0];
        y.max = range?.[1];
        styleChart(entry.chart, theme);
        entry.chart.update();
        counts.push(`${plot.key}:${plotLines.reduce((sum, line) => sum + line.points.length, 0)}`);
      });
    }
    // Observable by tests: points per plot, the scales' types and the codecs drawn (canvas, not DOM).
    this.element.dataset['points'] = counts.join(' ');
    this.element.dataset['scales'] = PLOTS.map((plot) => this.charts.get(plot.key)!.chart)
      .map((chart) => `${chart.scales['x']?.type}/${chart.scales['y']?.type}`)
      .join(' ');
    this.element.dataset['shown'] = this.series
      .filter((series) => !this.hidden.has(series.codec))
      .map((series) => series.codec)
      .join(' ');
  }

  private chartOf(plot: PlotSpec): { chart: LineChart; drawn: { lines: LineSpec[] } } {
    let entry = this.charts.get(plot.key);
    if (!entry) {
      const drawn = { lines: [] as LineSpec[] };
      const chart: LineChart = new Chart(this.canvases.get(plot.key)!, {
        type: 'line',
        data: { datasets: [] },
        options: chartOptions(plot, () => drawn.lines),
        plugins: [intervalBars(() => drawn.lines.map((line) => line.intervals))],
      });
      entry = { chart, drawn };
      this.charts.set(plot.key, entry);
    }
    return entry;
  }
}

/** The lowest and highest figure (intervals included) of these lines, a little apart; undefined without points. */
function sharedRange(lines: readonly LineSpec[]): [number, number] | undefined {
  const values = lines
    .flatMap((line) => [...line.points.map((point) => point.y), ...line.intervals.flatMap((interval) => interval ?? [])])
    .filter((value) => value > 0);
  if (values.length === 0) return undefined;
  return [Math.min(...values) / 1.2, Math.max(...values) * 1.2];
}

function chartOptions(plot: PlotSpec, lines: () => LineSpec[]): LineChart['options'] {
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    parsing: false,
    scales: {
      x: {
        type: 'logarithmic',
        title: { display: true, text: 'JSON size' },
        afterBuildTicks: (axis) => {
          axis.ticks = steppedTicks(axis.min, axis.max, 4, 1024);
        },
        ticks: { maxRotation: 0, callback: (value) => formatJsonSize(Number(value)) },
      },
      y: {
        type: 'logarithmic',
        title: { display: true, text: plot.yTitle },
        afterBuildTicks: (axis) => {
          axis.ticks = decadeTicks(axis.min, axis.max);
        },
        ticks: { callback: (value) => plot.formatY(Number(value)) },
      },
    },
    plugins: {
      // The legend above the plots names the codecs and picks them (one for all plots).
      legend: { display: false },
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

function dataset(line: LineSpec, theme: ChartTheme): ChartDataset<'line', Array<{ x: number; y: number }>> {
  const { colour, pointStyle } = seriesStyle(theme.series, line.colour);
  return {
    label: line.label,
    data: line.points,
    borderColor: colour,
    backgroundColor: colour,
    borderWidth: 1.5,
    pointRadius: 3,
    pointStyle,
  };
}
