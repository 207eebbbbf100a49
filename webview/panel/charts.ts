/**
 * Two bar charts drawn by Chart.js: size relative to JSON (raw, gzip, brotli) and encode/decode
 * speed-up against JSON per codec, in the table's current order. Coloured from the theme's
 * chart tokens and redrawn when the theme changes. The table carries the same numbers as text,
 * so the canvases are labelled images, not the only way to read the data.
 *
 * The second chart shows the speed-ups, the statistic the table's deciding columns and the
 * verdict rank, rather than each row's time: a speed-up is JSON's time over the codec's within
 * one round (in later rounds, JSON timed in turn with that codec), median over rounds, so the
 * ratio of two rows' median times, each taken over moments of its own, is another figure. On a
 * busy machine a chart of times read 1.26× for cbor-x decode (9.91 ms against JSON's 12.5 ms)
 * where the column said 2.11×; in a 4-round run at load average 15 here, JSON's round times
 * went from 31 to 93 ms and the two figures differed by up to ×1.4 (cbor-x encode 3.77× as a
 * ratio of medians, 2.71× as the median of per-round ratios).
 */
import {
  BarController, BarElement, CategoryScale, Chart, type ChartConfiguration, type ChartDataset, Legend, LinearScale, Tooltip,
} from 'chart.js';
import type { CompletedResult } from '../../src/shared/results';
import { el } from '../common/dom';
import { type Disposable, DisposableStore } from '../common/dispose';
import { formatDurationRange, formatRatio, formatSpeedupRange } from './format';
import { type ChartTheme, readChartTheme, watchTheme } from './theme';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

type BarChart = Chart<'bar', number[], string>;
const BAR_ROW_PX = 34;
const AXES_PX = 72;

function chartFigure(title: string, description: string): { figure: HTMLElement; frame: HTMLElement; canvas: HTMLCanvasElement } {
  const canvas = el('canvas', { attrs: { role: 'img', 'aria-label': description } });
  const frame = el('div', { className: 'chart-frame' }, [canvas]);
  const figure = el('figure', { className: 'chart' }, [el('figcaption', { text: title }), frame]);
  return { figure, frame, canvas };
}

function barOptions(valueTitle: string, formatTicks: (values: number[]) => string[], label: (datasetIndex: number, index: number) => string): ChartConfiguration<'bar', number[], string>['options'] {
  return {
    indexAxis: 'y',
    responsive: true,
    maintainAspectRatio: false,
    // Numbers appear as they are measured; a sliding bar only delays reading them.
    animation: false,
    scales: {
      x: { beginAtZero: true, title: { display: true, text: valueTitle }, ticks: { maxRotation: 0, autoSkipPadding: 16, callback: (_value, index, ticks) => formatTicks(ticks.map((tick) => tick.value))[index] } },
      y: { grid: { display: false } },
    },
    plugins: {
      legend: { position: 'bottom', labels: { boxWidth: 12, boxHeight: 12 } },
      tooltip: { callbacks: { label: (item) => label(item.datasetIndex, item.dataIndex) } },
    },
  };
}

export class ResultCharts implements Disposable {
  readonly element: HTMLElement;
  private readonly size = chartFigure('Size relative to JSON', 'Bar chart of encoded, gzip, brotli and zstd size relative to the JSON bytes, per codec');
  private readonly time = chartFigure('Speed-up against JSON', 'Bar chart of the encode and decode speed-up against JSON per codec (the table\'s Enc. and Dec. vs JSON)');
  private sizeChart: BarChart | undefined;
  private timeChart: BarChart | undefined;
  private rows: CompletedResult[] = [];
  private jsonBytes: number | null = null;
  private nameOf: (codec: string) => string = (codec) => codec;
  private names = '';
  private redraws = 0;
  private readonly disposables = new DisposableStore();

  constructor() {
    this.element = el('section', { className: 'charts', attrs: { 'aria-label': 'Charts' } }, [this.size.figure, this.time.figure]);
    this.element.hidden = true;
    this.disposables.add(watchTheme(() => this.applyTheme()));
  }

  /**
   * `rows`: the completed results in table order; `jsonBytes`: the sample's, for compressed
   * ratios; `nameOf`: what the table calls each row (row-names.ts).
   */
  update(rows: CompletedResult[], jsonBytes: number | null, nameOf: (codec: string) => string = (codec) => codec): void {
    // The panel renders on every stage of a run; the charts change only with the results.
    // Redrawing them (and reading the theme's computed style) each time kept Chromium busy
    // beside the measuring workers.
    const names = rows.map((row) => nameOf(row.codec)).join('\n');
    if (this.rows.length > 0 && jsonBytes === this.jsonBytes && names === this.names && sameRows(rows, this.rows)) return;
    this.rows = rows;
    this.jsonBytes = jsonBytes;
    this.nameOf = nameOf;
    this.names = names;
    this.element.hidden = rows.length === 0;
    if (rows.length === 0) return;
    const height = `${AXES_PX + rows.length * BAR_ROW_PX}px`;
    this.size.frame.style.height = height;
    this.time.frame.style.height = height;
    if (!this.sizeChart || !this.timeChart) {
      this.sizeChart = new Chart(this.size.canvas, { type: 'bar', data: { labels: [], datasets: [] }, options: this.sizeOptions() });
      this.timeChart = new Chart(this.time.canvas, { type: 'bar', data: { labels: [], datasets: [] }, options: this.timeOptions() });
    }
    this.applyTheme();
  }

  dispose(): void {
    this.disposables.dispose();
    this.sizeChart?.destroy();
    this.timeChart?.destroy();
  }

  private sizeOptions() {
    return barOptions('bytes / JSON bytes', (values) => values.map((value) => String(Number(value.toFixed(2)))), (datasetIndex, index) => {
      const row = this.rows[index]!;
      const bytes = [row.bytes, row.compressed.gzip, row.compressed.brotli, row.compressed.zstd][datasetIndex];
      const name = ['encoded', 'gzip', 'brotli', 'zstd'][datasetIndex]!;
      if (bytes == null) return `${name}: not measured`;
      return `${name}: ${bytes.toLocaleString('en-US')} B (${formatRatio(this.jsonBytes ? bytes / this.jsonBytes : row.ratio)})`;
    });
  }

  private timeOptions() {
    const ticks = (values: number[]) => values.map((value) => `${Number(value.toFixed(2))}×`);
    return barOptions('JSON\'s time / the codec\'s in each round, median of rounds (above 1× is faster)', ticks, (datasetIndex, index) => {
      const row = this.rows[index]!;
      const operation = datasetIndex === 0 ? 'encode' : 'decode';
      const speedup = row.speedupVsJson;
      const figure = speedup ? formatSpeedupRange(speedup[operation], operation === 'encode' ? speedup.encodeInterval : speedup.decodeInterval) : 'not measured (no JSON baseline)';
      return `${operation}: ${figure}; ${formatDurationRange(row[operation].meanNs, row[operation].meanInterval)} per call`;
    });
  }

  /** Rebuilds datasets with the theme's colours and redraws; called on data and theme changes. */
  private applyTheme(): void {
    if (!this.sizeChart || !this.timeChart) return;
    const theme = readChartTheme();
    Chart.defaults.font.family = theme.fontFamily;
    Chart.defaults.font.size = theme.fontSize;
    Chart.defaults.color = theme.foreground;
    const labels = this.rows.map((row) => this.nameOf(row.codec));
    const perJson = (bytes: number) => (this.jsonBytes ? bytes / this.jsonBytes : 0);
    // Series colours from the palette's hues (after its foreground), neighbours told apart.
    const [, first, second, third, fourth] = theme.series;
    this.sizeChart.data = {
      labels,
      datasets: [
        dataset('encoded', this.rows.map((row) => row.ratio ?? perJson(row.bytes)), first!, theme),
        dataset('gzip', this.rows.map((row) => perJson(row.compressed.gzip)), second!, theme),
        dataset('brotli', this.rows.map((row) => perJson(row.compressed.brotli)), third!, theme),
        // zstd is null only in reports saved by older versions (before Node 20 had it here).
        ...(this.rows.some((row) => row.compressed.zstd !== null)
          ? [dataset('zstd', this.rows.map((row) => perJson(row.compressed.zstd ?? 0)), fourth!, theme)]
          : []),
      ],
    };
    this.timeChart.data = {
      labels,
      datasets: [
        dataset('encode', this.rows.map((row) => row.speedupVsJson?.encode ?? 0), first!, theme),
        dataset('decode', this.rows.map((row) => row.speedupVsJson?.decode ?? 0), second!, theme),
      ],
    };
    for (const chart of [this.sizeChart, this.timeChart]) {
      styleChart(chart, theme);
      chart.update();
    }
    // Observable by tests (and devtools): which foreground the charts were last drawn with,
    // and the speed-up axis's labels (drawn on the canvas, so not in the DOM otherwise).
    this.element.dataset['drawnWith'] = theme.foreground;
    this.element.dataset['colours'] = [...this.sizeChart.data.datasets, ...this.timeChart.data.datasets].map((series) => `${series.label}=${String(series.backgroundColor)}`).join(' ');
    this.element.dataset['sizeSeries'] = this.sizeChart.data.datasets.map((series) => series.label).join(' | ');
    this.element.dataset['speedupTicks'] = this.timeChart.scales['x']?.ticks.map((tick) => String(tick.label)).join(' | ') ?? '';
    this.element.dataset['speedupBars'] = this.rows.map((row) => `${row.codec} ${row.speedupVsJson?.encode ?? '—'} ${row.speedupVsJson?.decode ?? '—'}`).join(' | ');
    this.element.dataset['redraws'] = String(++this.redraws);
  }
}

function dataset(label: string, data: number[], colour: string, theme: ChartTheme): ChartDataset<'bar', number[]> {
  return {
    label,
    data,
    backgroundColor: colour,
    borderColor: theme.contrastBorder || colour,
    borderWidth: theme.contrastBorder ? 1 : 0,
    barPercentage: 0.9,
    categoryPercentage: 0.8,
  };
}

/** Axes, legend and tooltip in the theme's colours (the bar charts here, the sweep's line charts). */
export function styleChart(chart: Chart<'bar' | 'line', unknown, unknown>, theme: ChartTheme): void {
  const options = chart.options;
  for (const scale of [options.scales!['x']!, options.scales!['y']!]) {
    scale.ticks!.color = theme.foreground;
    scale.grid!.color = theme.lines;
    scale.border = { ...scale.border, color: theme.lines };
    if ('title' in scale && scale.title) scale.title.color = theme.foreground;
  }
  options.plugins!.legend!.labels!.color = theme.foreground;
  Object.assign(options.plugins!.tooltip!, {
    backgroundColor: theme.hoverBackground,
    titleColor: theme.hoverForeground,
    bodyColor: theme.hoverForeground,
    borderColor: theme.hoverBorder,
    borderWidth: 1,
  });
}

/** The same results in the same order (the panel's model keeps an unchanged row's object). */
function sameRows(a: readonly CompletedResult[], b: readonly CompletedResult[]): boolean {
  return a.length === b.length && a.every((row, index) => row === b[index]);
}
