// Writes schemas/events.json: a string-heavy dataset of web-analytics events (ids, names,
// timestamps, URLs, nested objects), the kind of payload where JSON's text costs least against
// binary formats. Seeded, so the same steps always give the same bytes (the tests check that).
//
// Usage: node schemas/make-events.mjs [output path]   (default: events.json beside this script)
import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const TARGET_BYTES = 1_000_000;

const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Ken', 'Radia', 'Tim', 'Margaret', 'Niklaus'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'Thompson', 'Perlman', 'Berners-Lee', 'Hamilton', 'Wirth'];
const TYPES = ['page_view', 'click', 'add_to_cart', 'purchase', 'search', 'sign_up'];
const SECTIONS = ['products', 'blog', 'docs', 'pricing', 'account', 'support'];
const WORDS = ['fast', 'binary', 'serialization', 'schema', 'payload', 'record', 'stream', 'compact', 'wire', 'format', 'buffer', 'evolution'];
const LOCALES = ['en-GB', 'en-US', 'de-DE', 'fr-FR', 'ja-JP', 'pt-BR'];
const BROWSERS = ['Firefox 132', 'Chrome 131', 'Safari 18.1', 'Edge 131'];

/** mulberry32: a small seeded generator, so the file is reproducible anywhere. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const SEED = 20261123;

/** The events one after another, endlessly: the same seed gives the same events. */
export function* events(seed = SEED) {
  const next = random(seed);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const words = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  let time = Date.UTC(2026, 2, 14, 9, 0, 0);
  for (let i = 0; ; i++) {
    time += Math.floor(next() * 5_000);
    const first = pick(FIRST);
    const last = pick(LAST);
    const section = pick(SECTIONS);
    const slug = words(3).replace(/ /g, '-');
    yield {
      id: `evt_${((i * 2654435761) >>> 0).toString(16).padStart(8, '0')}`,
      type: pick(TYPES),
      timestamp: new Date(time).toISOString(),
      user: {
        id: 1000 + Math.floor(next() * 90_000),
        name: `${first} ${last}`,
        email: `${first}.${last}@example.com`.toLowerCase(),
        locale: pick(LOCALES),
      },
      page: {
        url: `https://shop.example.com/${section}/${slug}`,
        title: `${words(4)} | Example Shop`,
        referrer: next() < 0.4 ? 'https://search.example.org/?q=' + words(2).replace(/ /g, '+') : '',
      },
      session: { id: `s-${Math.floor(next() * 1e9).toString(36)}`, browser: pick(BROWSERS), durationMs: Math.floor(next() * 600_000) },
      tags: [pick(WORDS), pick(WORDS)],
      amount: Math.round(next() * 50_000) / 100,
    };
  }
}

export function makeEventsJson(targetBytes = TARGET_BYTES, seed = SEED) {
  const list = [];
  for (const event of events(seed)) {
    list.push(event);
    const json = JSON.stringify(list);
    // Re-measuring the whole list each time is quadratic; check only every 64 events.
    if (list.length % 64 === 0 && Buffer.byteLength(json, 'utf8') >= targetBytes) return json;
  }
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const output = process.argv[2] ?? fileURLToPath(new URL('./events.json', import.meta.url));
  const json = makeEventsJson();
  writeFileSync(output, json);
  console.log(`wrote ${output}: ${Buffer.byteLength(json, 'utf8')} bytes`);
}
