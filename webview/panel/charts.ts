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
 *
 * The speed-ups are the verdict's, for the way the bytes travel the panel shows (chart-speeds.ts),
 * each with a whisker over its interval; rows the verdict holds tied carry "tied" at their bar
 * and are listed under the chart, so a longer bar among them is not read as a rank.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  type ChartDataset,
  Legend,
  LinearScale,
  type Plugin,
  Tooltip,
} from 'chart.js';
import type { CompletedResult } from '../../src/shared/results';
import type { SpeedOperation } from '../../src/report/verdict-data';
import { el } from '../common/dom';
import { type Disposable, DisposableStore } from '../common/dispose';
import { formatDurationRange, formatRatio, formatSpeedupRange } from './format';
import { type ChartTheme, readChartTheme, watchTheme } from './theme';
import type { ChartSpeeds } from './chart-speeds';

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

function barOptions(
  valueTitle: string,
  formatTicks: (values: number[]) => string[],
  label: (datasetIndex: number, index: number) => string,
): ChartConfiguration<'bar', number[], string>['options'] {
  return {
    indexAxis: 'y',
    responsive: true,
    maintainAspectRatio: false,
    // Numbers appear as they are measured; a sliding bar only delays reading them.
    animation: false,
    scales: {
      x: {
        beginAtZero: true,
        title: { display: true, text: valueTitle },
        ticks: { maxRotation: 0, autoSkipPadding: 16, callback: (_value, index, ticks) => formatTicks(ticks.map((tick) => tick.value))[index] },
      },
      y: { grid: { display: false } },
    },
    plugins: {
      legend: { position: 'bottom', labels: { boxWidth: 12, boxHeight: 12 } },
      tooltip: { callbacks: { label: (item) => label(item.datasetIndex, item.dataIndex) } },
    },
  };
}

/** One whisker per bar: its interval, and whether the bar is tied with the leader. */
interface Whisker {
  low: number;
  high: number;
  tied: boolean;
}

/** What the whiskers plugin drew last, in canvas pixels (tests read it back from the canvas). */
interface DrawnWhisker {
  dataset: number;
  index: number;
  y: number;
  x0: number;
  x1: number;
}

/**
 * Whiskers over each bar's interval, caps at both ends, and "tied" beside a tied bar, in the
 * theme's foreground (the bars' hues are for telling series apart; the whiskers must read
 * against the background in every theme).
 */
function whiskersPlugin(whiskers: () => (Whisker | null)[][], colour: () => string, drawn: (lines: DrawnWhisker[]) => void): Plugin<'bar'> {
  return {
    id: 'payloadLabWhiskers',
    afterDatasetsDraw(chart) {
      const { ctx } = chart;
      const x = chart.scales['x']!;
      const lines: DrawnWhisker[] = [];
      ctx.save();
      ctx.strokeStyle = colour();
      ctx.fillStyle = colour();
      ctx.lineWidth = 1.5;
      ctx.textBaseline = 'middle';
      whiskers().forEach((series, datasetIndex) => {
        const meta = chart.getDatasetMeta(datasetIndex);
        if (meta.hidden) return;
        series.forEach((whisker, index) => {
          const element = meta.data[index];
          if (!whisker || !element) return;
          const bar = element.getProps(['y', 'height'], true) as { y: number; height: number };
          const y = bar.y;
          const x0 = x.getPixelForValue(whisker.low);
          const x1 = x.getPixelForValue(whisker.high);
          const cap = Math.max(3, bar.height * 0.35);
          ctx.beginPath();
          ctx.moveTo(x0, y);
          ctx.lineTo(x1, y);
          ctx.moveTo(x0, y - cap);
          ctx.lineTo(x0, y + cap);
          ctx.moveTo(x1, y - cap);
          ctx.lineTo(x1, y + cap);
          ctx.stroke();
          if (whisker.tied) ctx.fillText('tied', x1 + 4, y);
          lines.push({ dataset: datasetIndex, index, y, x0, x1 });
        });
      });
      ctx.restore();
      drawn(lines);
    },
  };
}

export class ResultCharts implements Disposable {
  readonly element: HTMLElement;
  private readonly size = chartFigure('Size relative to JSON', 'Bar chart of encoded, gzip, brotli and zstd size relative to the JSON bytes, per codec');
  private readonly time = chartFigure(
    'Speed-up against JSON',
    'Bar chart of the encode and decode speed-up against JSON per codec, end to end for the way the bytes travel the verdict shows, with a whisker over each interval',
  );
  private readonly timeNote = el('p', { className: 'chart-note', attrs: { role: 'note' } });
  private speeds: ChartSpeeds | undefined;
  private whiskers: (Whisker | null)[][] = [];
  private foreground = '';
  private sizeChart: BarChart | undefined;
  private timeChart: BarChart | undefined;
  private rows: CompletedResult[] = [];
  private jsonBytes: number | null = null;
  private nameOf: (codec: string) => string = (codec) => codec;
  private names = '';
  private redraws = 0;
  private readonly disposables = new DisposableStore();

  constructor() {
    this.time.figure.append(this.timeNote);
    this.element = el('section', { className: 'charts', attrs: { 'aria-label': 'Charts' } }, [this.size.figure, this.time.figure]);
    this.element.hidden = true;
    this.disposables.add(watchTheme(() => this.applyTheme()));
  }

  /**
   * `rows`: the completed results in table order; `jsonBytes`: the sample's, for compressed
   * ratios; `nameOf`: what the table calls each row (row-names.ts); `speeds`: the verdict's speed
   * figures and ties for the transport shown (without them, the rows' own speed-ups, untied).
   */
  update(rows: CompletedResult[], jsonBytes: number | null, nameOf: (codec: string) => string = (codec) => codec, speeds?: ChartSpeeds): void {
    // The panel renders on every stage of a run; the charts change only with the results.
    // Redrawing them (and reading the theme's computed style) each time kept Chromium busy
    // beside the measuring workers.
    const names = rows.map((row) => nameOf(row.codec)).join('\n');
    if (
      this.rows.length > 0 &&
      jsonBytes === this.jsonBytes &&
      names === this.names &&
      sameRows(rows, this.rows) &&
      speeds?.transport === this.speeds?.transport
    )
      return;
    this.speeds = speeds;
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
      const whiskers = whiskersPlugin(
        () => this.whiskers,
        () => this.foreground,
        (lines) => {
          // Where the whiskers were drawn, for tests: a canvas has no DOM to read.
          this.element.dataset['whiskers'] = lines
            // To a tenth of a pixel: a narrow interval's ends would round to one pixel.
            .map((line) => [line.dataset, line.index, line.y, line.x0, line.x1].map((value) => Math.round(value * 10) / 10).join(','))
            .join(' ');
        },
      );
      this.timeChart = new Chart(this.time.canvas, { type: 'bar', data: { labels: [], datasets: [] }, options: this.timeOptions(), plugins: [whiskers] });
    }
    this.applyTheme();
  }

  dispose(): void {
    this.disposables.dispose();
    this.sizeChart?.destroy();
    this.timeChart?.destroy();
  }

  private sizeOptions() {
    return barOptions(
      'bytes / JSON bytes',
      (values) => values.map((value) => String(Number(value.toFixed(2)))),
      (datasetIndex, index) => {
        const row = this.rows[index]!;
        const bytes = [row.bytes, row.compressed.gzip, row.compressed.brotli, row.compressed.zstd][datasetIndex];
        const name = ['encoded', 'gzip', 'brotli', 'zstd'][datasetIndex]!;
        if (bytes == null) return `${name}: not measured`;
        return `${name}: ${bytes.toLocaleString('en-US')} B (${formatRatio(this.jsonBytes ? bytes / this.jsonBytes : row.ratio)})`;
      },
    );
  }

  private timeOptions() {
    const ticks = (values: number[]) => values.map((value) => `${Number(value.toFixed(2))}×`);
    return barOptions(
      "JSON's time / the codec's in each round, median of rounds (above 1× is faster); whiskers: the interval",
      ticks,
      (datasetIndex, index) => {
        const row = this.rows[index]!;
        const operation: SpeedOperation = datasetIndex === 0 ? 'encode' : 'decode';
        const speed = this.speedOf(row, operation);
        const figure = speed ? formatSpeedupRange(speed.value, speed.interval) : `not measured (${this.speeds?.missing ?? 'no JSON baseline'})`;
        const tied = this.speeds?.tied[operation].includes(row) ? ', tied: not ranked' : '';
        return `${operation}: ${figure}${tied}; ${formatDurationRange(row[operation].meanNs, row[operation].meanInterval)} per call`;
      },
    );
  }

  /** The figure the chart draws for a row: the verdict's for the transport, else the row's own speed-up. */
  private speedOf(row: CompletedResult, operation: SpeedOperation): { value: number; interval: readonly [number, number] } | null {
    if (this.speeds) return this.speeds.figure(row, operation);
    const speedup = row.speedupVsJson;
    return speedup ? { value: speedup[operation], interval: operation === 'encode' ? speedup.encodeInterval : speedup.decodeInterval } : null;
  }

  private tiedNote(): string {
    return tiedText(this.speeds, this.nameOf);
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
        dataset(
          'encoded',
          this.rows.map((row) => row.ratio ?? perJson(row.bytes)),
          first!,
          theme,
        ),
        dataset(
          'gzip',
          this.rows.map((row) => perJson(row.compressed.gzip)),
          second!,
          theme,
        ),
        dataset(
          'brotli',
          this.rows.map((row) => perJson(row.compressed.brotli)),
          third!,
          theme,
        ),
        // zstd is null only in reports saved by older versions (before Node 20 had it here).
        ...(this.rows.some((row) => row.compressed.zstd !== null)
          ? [
              dataset(
                'zstd',
                this.rows.map((row) => perJson(row.compressed.zstd ?? 0)),
                fourth!,
                theme,
              ),
            ]
          : []),
      ],
    };
    const operations: SpeedOperation[] = ['encode', 'decode'];
    this.foreground = theme.foreground;
    this.whiskers = operations.map((operation) =>
      this.rows.map((row) => {
        const speed = this.speedOf(row, operation);
        return speed && speed.interval[0] !== speed.interval[1]
          ? { low: speed.interval[0], high: speed.interval[1], tied: this.speeds?.tied[operation].includes(row) ?? false }
          : null;
      }),
    );
    this.timeChart.data = {
      labels,
      datasets: operations.map((operation, index) =>
        dataset(
          operation,
          this.rows.map((row) => this.speedOf(row, operation)?.value ?? 0),
          [first!, second!][index]!,
          theme,
        ),
      ),
    };
    // The x axis must reach the highest whisker, or the interval is cut off at the edge.
    this.timeChart.options.scales!['x']!.suggestedMax = Math.max(0, ...this.whiskers.flat().map((whisker) => whisker?.high ?? 0)) * 1.08;
    this.time.figure.querySelector('figcaption')!.textContent = `Speed-up against JSON${this.speeds ? `, ${this.speeds.what}` : ''}`;
    this.timeNote.textContent = this.tiedNote();
    this.timeNote.hidden = this.timeNote.textContent === '';
    for (const chart of [this.sizeChart, this.timeChart]) {
      styleChart(chart, theme);
      chart.update();
    }
    // Observable by tests (and devtools): which foreground the charts were last drawn with,
    // and the speed-up axis's labels (drawn on the canvas, so not in the DOM otherwise).
    this.element.dataset['drawnWith'] = theme.foreground;
    this.element.dataset['colours'] = [...this.sizeChart.data.datasets, ...this.timeChart.data.datasets]
      // Each series is given one colour string (dataset()); Chart.js types allow gradients and callbacks too.
      .map((series) => `${series.label}=${typeof series.backgroundColor === 'string' ? series.backgroundColor : ''}`)
      .join(' ');
    this.element.dataset['sizeSeries'] = this.sizeChart.data.datasets.map((series) => series.label).join(' | ');
    this.element.dataset['speedupTicks'] = this.timeChart.scales['x']?.ticks.map((tick) => String(tick.label)).join(' | ') ?? '';
    this.element.dataset['speedupBars'] = this.rows
      .map((row) => `${row.codec} ${this.speedOf(row, 'encode')?.value ?? '—'} ${this.speedOf(row, 'decode')?.value ?? '—'}`)
      .join(' | ');
    this.element.dataset['tied'] = operations
      .map((operation) => `${operation}:${(this.speeds?.tied[operation] ?? []).map((row) => row.codec).join(',')}`)
      .join(' ');
    this.element.dataset['redraws'] = String(++this.redraws);
  }
}

/** Under the speed chart: which bars are tied (not ranked), and what the whiskers are. */
function tiedText(speeds: ChartSpeeds | undefined, nameOf: (codec: string) => string): string {
  if (!speeds) return '';
  const parts = (['encode', 'decode'] as const).flatMap((operation) => {
    const tied = speeds.tied[operation];
    return tied.length > 0 ? [`${operation}: ${tied.map((row) => nameOf(row.codec)).join(', ')}`] : [];
  });
  return parts.length > 0 ? `Tied, not ranked (their intervals overlap the leader's): ${parts.join('; ')}.` : '';
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
