// Draws media/icon.png (128×128): bars of falling height, a payload shrinking from JSON to a
// binary format. Plain Node (zlib + CRC) so the icon can be rebuilt without image tools.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZE = 128;
const pixels = Buffer.alloc(SIZE * SIZE * 4);
const background = [0x1f, 0x2a, 0x44, 255];
const bars = [
  { x: 22, height: 84, color: [0xf2, 0xc1, 0x4e, 255] }, // JSON
  { x: 54, height: 58, color: [0x5d, 0xa9, 0xe9, 255] },
  { x: 86, height: 30, color: [0x6f, 0xcf, 0x97, 255] },
];

function insideRoundedSquare(x, y, radius) {
  const cx = Math.min(Math.max(x, radius), SIZE - 1 - radius);
  const cy = Math.min(Math.max(y, radius), SIZE - 1 - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

for (let y = 0; y < SIZE; y++) {
  for (let x = 0; x < SIZE; x++) {
    let color = insideRoundedSquare(x, y, 22) ? background : [0, 0, 0, 0];
    for (const bar of bars) {
      if (x >= bar.x && x < bar.x + 22 && y >= 106 - bar.height && y < 106) color = bar.color;
    }
    pixels.set(color, (y * SIZE + x) * 4);
  }
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
const rows = Buffer.alloc(SIZE * (SIZE * 4 + 1));
for (let y = 0; y < SIZE; y++) pixels.copy(rows, y * (SIZE * 4 + 1) + 1, y * SIZE * 4, (y + 1) * SIZE * 4);

writeFileSync(
  new URL('./icon.png', import.meta.url),
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]),
);
