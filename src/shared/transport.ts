/**
 * How the bytes travel: as encoded, or compressed on the way (HTTP's Content-Encoding, a queue's
 * compression), or in message mode with a zstd dictionary trained on the stream. The verdict is
 * for one of them (report/verdict.ts): its sizes are after that compression, its times include it.
 * Plain data: the CLI's --transport, the setting `payloadLab.transport` and the panel's control.
 */
export type Transport = 'raw' | 'gzip' | 'brotli' | 'zstd' | 'zstd-dictionary';

export const TRANSPORTS: readonly { id: Transport; label: string }[] = [
  { id: 'raw', label: 'raw' },
  { id: 'gzip', label: 'gzip' },
  { id: 'brotli', label: 'brotli' },
  { id: 'zstd', label: 'zstd' },
  { id: 'zstd-dictionary', label: 'zstd + dictionary' },
];

/** What HTTP responses and most queues use. */
export const DEFAULT_TRANSPORT: Transport = 'gzip';

export const TRANSPORT_IDS = TRANSPORTS.map((transport) => transport.id);

export function isTransport(value: unknown): value is Transport {
  return typeof value === 'string' && (TRANSPORT_IDS as string[]).includes(value);
}
