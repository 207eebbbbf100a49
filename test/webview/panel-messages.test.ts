/**
 * Message mode in the panel, in a real Chromium, on a real message-mode run (2,000 events of a
 * JSON Lines stream through real workers, support/real-message-run.ts): the header says why the
 * run measured messages; per codec the size distribution, the messages per second at each link
 * speed naming what limits it, the framing and dictionary figures, all from the run's own rows;
 * the verdict per message; the Messages toggle asks the host for the other mode; and the views
 * fit a 326 px panel in light, dark and both high-contrast themes, coloured from the theme.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeMessageVerdict } from '../../src/report/message-verdict';
import { verdictText } from '../../src/report/verdict-words';
import type { MessageRow } from '../../src/report/messages-sections';
import type { LinkFigure } from '../../src/shared/messages';
import type { ChannelMessage } from '../../src/shared/channel';
import { THEMES, type ThemeName } from './support/themes';
import { recordMessageRun } from './support/real-message-run';
import { startedWith } from './support/real-run';
import { assertNoProblems, panelSuite } from './support/suite';

const suite = panelSuite(recordMessageRun);

const messageRows = () => suite.run.report.results.filter((row): row is MessageRow => row.status === 'completed' && row.messages !== undefined);

/** The row's fastest wire at a link speed, as the view and the verdict pick it. */
function best(row: MessageRow, bitsPerSecond: number): LinkFigure {
  const figures = row.messages.link!.figures.filter((figure) => figure.bitsPerSecond === bitsPerSecond);
  return figures.reduce((top, figure) => (figure.perSecond > top.perSecond ? figure : top));
}

test('a finished message-mode run: the header says why, and each codec has its size distribution from its own messages', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  const rows = messageRows();
  assert.ok(rows.length >= 5, `the run measured messages for every codec that has message mode (${rows.map((row) => row.codec).join(', ')})`);
  assert.match(
    (await panel.page.textContent('.run-message-mode')) ?? '',
    /^Message mode: each record encoded and decoded as its own message.*JSON Lines files are measured as messages by default: turn off Messages/,
  );
  assert.match((await panel.page.textContent('.sample-facts')) ?? '', /^2,000 messages · /);
  assert.equal(await panel.page.isVisible('.messages-view'), true);

  const shown = await panel.page.$$eval('.message-sizes .message-row', (elements) =>
    elements.map((row) => ({
      codec: row.getAttribute('data-codec'),
      sizes: row.getAttribute('data-sizes'),
      text: row.querySelector('.message-row-text')?.textContent,
      box: (() => {
        const track = row.querySelector('.message-track')!.getBoundingClientRect();
        const box = row.querySelector('.size-box')!.getBoundingClientRect();
        const whisker = row.querySelector('.size-whisker')!.getBoundingClientRect();
        return {
          left: (box.left - track.left) / track.width,
          right: (box.right - track.left) / track.width,
          whiskerRight: (whisker.right - track.left) / track.width,
        };
      })(),
    })),
  );
  // js-binary has no message mode: its row says skipped, and it has no distribution.
  assert.deepEqual(shown.map((row) => row.codec).sort(), rows.map((row) => row.codec).sort());
  const js = suite.run.report.results.find((row) => row.codec === 'js-binary');
  assert.equal(js?.status, 'skipped');
  const scale = Math.max(...rows.map((row) => row.messages.sizes.max));
  for (const row of rows) {
    const { min, p50, p90, p99, max } = row.messages.sizes;
    const view = shown.find((entry) => entry.codec === row.codec)!;
    assert.equal(view.sizes, [min, p50, p90, p99, max].join(' '));
    assert.match(view.text ?? '', new RegExp(`^min ${min.toLocaleString('en-US')} B · p50 ${p50.toLocaleString('en-US')} B · `));
    // The box spans p50 to p90 on the scale every codec shares (the track's pixels round).
    assert.ok(Math.abs(view.box.left - p50 / scale) < 0.02, `${row.codec}: box starts at p50 (${view.box.left} vs ${p50 / scale})`);
    assert.ok(Math.abs(view.box.right - Math.max(p90, p50) / scale) < 0.02, `${row.codec}: box ends at p90`);
    assert.ok(Math.abs(view.box.whiskerRight - max / scale) < 0.02, `${row.codec}: whisker ends at max`);
  }
  await assertNoProblems(panel);
});

test('messages per second at each link speed: each codec on its best wire, naming the link or the core as the limit', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  const rows = messageRows();
  const speeds = [...new Set(rows.flatMap((row) => row.messages.link!.figures.map((figure) => figure.bitsPerSecond)))].sort((a, b) => a - b);
  assert.deepEqual(speeds, [10e6, 100e6, 1e9]);
  assert.deepEqual(await panel.page.$$eval('.message-rate-group figcaption', (captions) => captions.map((caption) => caption.textContent)), [
    'At 10 Mbit/s',
    'At 100 Mbit/s',
    'At 1 Gbit/s',
  ]);
  const limits = new Set<string>();
  for (const speed of speeds) {
    const shown = await panel.page.$$eval(`.message-rate-group[data-link="${speed}"] .message-row`, (elements) =>
      elements.map((row) => ({
        codec: row.getAttribute('data-codec'),
        limitedBy: row.getAttribute('data-limited-by'),
        wire: row.getAttribute('data-wire'),
        perSecond: Number(row.getAttribute('data-per-second')),
        text: row.querySelector('.message-row-text')?.textContent ?? '',
        width: row.querySelector('.rate-bar')!.getBoundingClientRect().width,
      })),
    );
    for (const row of rows) {
      const figure = best(row, speed);
      const view = shown.find((entry) => entry.codec === row.codec)!;
      assert.equal(view.limitedBy, figure.limitedBy, `${row.codec} at ${speed}`);
      assert.equal(view.wire, figure.wire);
      assert.equal(view.perSecond, figure.perSecond);
      assert.match(
        view.text,
        new RegExp(
          `^${Math.round(figure.perSecond).toLocaleString('en-US')} messages/s, .*limited by ${figure.limitedBy === 'link' ? 'the link' : `${figure.limitedBy === 'encode' ? 'encoding' : 'decoding'} on one core`}$`,
        ),
      );
      limits.add(figure.limitedBy);
    }
    // Longer bars for more messages per second, within one link speed.
    const byRate = [...shown].sort((a, b) => a.perSecond - b.perSecond);
    for (let index = 1; index < byRate.length; index++)
      assert.ok(
        byRate[index]!.width >= byRate[index - 1]!.width - 0.5,
        `at ${speed}: ${byRate[index]!.codec}'s bar is not shorter than ${byRate[index - 1]!.codec}'s`,
      );
  }
  // Which one limits depends on this machine's speed (shared by others): each row names one.
  assert.ok(limits.size > 0);
  await assertNoProblems(panel);
});

test('framing and dictionary figures per codec, and the verdict per message', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  for (const row of messageRows()) {
    const facts = Object.fromEntries(
      await panel.page.$$eval(`.message-figure-row[data-codec="${row.codec}"] .message-fact`, (elements) =>
        elements.map((fact) => [fact.getAttribute('data-fact'), fact.querySelector('dd')?.textContent ?? '']),
      ),
    );
    for (const framing of row.messages.framing) assert.ok(facts['framing']!.includes(framing.label), `${row.codec}: ${framing.label} shown`);
    const { dictionary } = row.messages;
    if (dictionary.status === 'measured') {
      assert.match(facts['dictionary']!, new RegExp(`^${dictionary.withDictionary.mean.toFixed(1).replace(/\.0$/, '')} B \\(−\\d+%; `));
    } else {
      assert.equal(facts['dictionary'], 'not measured');
    }
  }
  const json = messageRows().find((row) => row.codec === 'json')!;
  if (json.messages.dictionary.status === 'measured') {
    assert.match((await panel.page.textContent('.message-dictionary-note')) ?? '', /measured on held-out messages 1,601–/);
  }

  assert.equal(await panel.page.textContent('.verdict-title'), 'Verdict per message');
  // The run's setting is absent here: the verdict is for gzip, what HTTP would use.
  const verdict = computeMessageVerdict(suite.run.report, 'size', { settings: suite.run.report.settings, transport: 'gzip' });
  assert.equal(await panel.page.textContent('.verdict-pick'), verdictText(verdict).pick);
  assert.match(verdictText(verdict).pick, /^Gzip alone: /);
  const claims = await panel.page.$$eval('.verdict-claims li', (items) => items.map((item) => item.getAttribute('data-claim')));
  assert.deepEqual(
    claims,
    verdict.lines.map((entry) => entry.id),
  );
  assert.ok(claims.includes('smallest-framed') && claims.includes('link-10000000'), claims.join(', '));
  await assertNoProblems(panel);
});

test('the Messages toggle: checked for the stream, disabled while a run goes on, asks the host for one document, turns when that run starts', async (t) => {
  const panel = await suite.open(t);
  const events = suite.run.messages(1);
  await panel.deliver(...events.slice(0, -1));
  assert.equal(await panel.page.isChecked('input[data-action="messages"]'), true);
  assert.equal(await panel.page.isDisabled('input[data-action="messages"]'), true);
  await panel.deliver(events.at(-1)!);
  assert.equal(await panel.page.isDisabled('input[data-action="messages"]'), false);
  await panel.page.click('input[data-action="messages"]');
  const posted = (await panel.posted()).filter(
    (message): message is Extract<ChannelMessage, { channel: 'request' }> => message.channel === 'request' && message.method === 'set-message-mode',
  );
  assert.deepEqual(
    posted.map((message) => message.params),
    [{ messages: false }],
  );
  assert.equal(await panel.page.isChecked('input[data-action="messages"]'), true, 'the toggle shows the run on show until the host starts the one asked for');
  const documentRun = startedWith(suite.run.messages(2)[0], { messages: undefined });
  await panel.deliver(documentRun);
  assert.equal(await panel.page.isChecked('input[data-action="messages"]'), false);
  assert.equal(await panel.page.isVisible('.run-message-mode'), false);
  await assertNoProblems(panel);
});

test('326 px wide, in every theme: the messages view fits, every mark coloured from the theme, outlined in high contrast', async (t) => {
  const panel = await suite.open(t);
  await panel.deliver(...suite.run.messages(1));
  await panel.page.setViewportSize({ width: 326, height: 900 });
  for (const theme of Object.keys(THEMES) as ThemeName[]) {
    await panel.applyTheme(theme);
    const seen = await panel.page.$eval('.messages-view', (view) => {
      const page = view.ownerDocument.documentElement;
      // No named functions in here: the test runner's transform would name them with a helper the page lacks.
      const window = view.ownerDocument.defaultView!;
      const [box, link, text] = ['.size-box', '.limit-link', '.message-row-text'].map((selector) => window.getComputedStyle(view.querySelector(selector)!));
      const tracks = [...view.querySelectorAll('.message-track')].map((track) => track.getBoundingClientRect());
      return {
        overflow: view.scrollWidth - view.clientWidth,
        outside: [...view.querySelectorAll('*')]
          .filter((element) => element.getBoundingClientRect().right > page.clientWidth + 0.5)
          .map((element) => element.className),
        tracksInside: tracks.every((box) => box.width > 100 && box.right <= page.clientWidth),
        box: box!.backgroundColor,
        link: link!.backgroundColor,
        outline: box!.outlineStyle,
        outlineColor: box!.outlineColor,
        text: text!.color,
      };
    });
    const variables = THEMES[theme].variables;
    assert.ok(seen.overflow <= 0, `${theme}: the messages view is ${seen.overflow} px wider than its box`);
    assert.deepEqual(seen.outside, [], `${theme}: nothing of the messages view reaches past the panel's edge`);
    assert.ok(seen.tracksInside, `${theme}: every track is wide enough and inside the panel`);
    assert.equal(seen.box, rgb(variables['--vscode-charts-blue']!), `${theme}: the box is the theme's blue`);
    assert.equal(seen.link, rgb(variables['--vscode-charts-green']!), `${theme}: a link-limited bar is the theme's green`);
    assert.equal(seen.text, rgb(variables['--vscode-descriptionForeground']!), `${theme}: figures in the theme's description colour`);
    const highContrast = theme.startsWith('high-contrast');
    assert.equal(seen.outline, highContrast ? 'solid' : 'none', `${theme}: marks outlined only in high contrast`);
    if (highContrast) assert.equal(seen.outlineColor, rgb(variables['--vscode-contrastBorder']!));
  }
  await assertNoProblems(panel);
});

/** `#3794ff` → `rgb(55, 148, 255)`, as getComputedStyle gives an opaque colour (an rgba() stays as it is). */
function rgb(colour: string): string {
  if (!colour.startsWith('#')) return colour;
  const value = colour.replace('#', '');
  const [r, g, b] = [0, 2, 4].map((at) => Number.parseInt(value.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
