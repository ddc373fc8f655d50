import { type AddressInfo, createServer } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseClamdUrl } from '../../bff/config';
import { ScannerUnavailableError } from '../../server-core/attachments/virus-scanner';
import { type ClamdPeer, EICAR, EICAR_SIGNATURE, startClamdPeer } from '../testing/clamd-peer';
import { createClamdScanner, instreamChunk, parseClamdReply } from './clamd-scanner';

async function* bytes(...parts: (string | Uint8Array)[]) {
  for (const p of parts) yield typeof p === 'string' ? new TextEncoder().encode(p) : p;
}

describe('clamd reply and URL parsing', () => {
  it.each([
    ['stream: OK\0', { verdict: 'clean' }],
    ['stream: OK', { verdict: 'clean' }],
    ['stream: Win.Test.EICAR_HDB-1 FOUND\0', { verdict: 'infected', signature: 'Win.Test.EICAR_HDB-1' }],
    [
      'INSTREAM size limit exceeded. ERROR\0',
      { verdict: 'unscannable', detail: 'clamd: INSTREAM size limit exceeded.' },
    ],
    [
      "stream: Can't allocate memory ERROR",
      { verdict: 'unscannable', detail: "clamd: Can't allocate memory" },
    ],
    ['', { verdict: 'unscannable', detail: 'clamd: unexpected answer' }],
    ['stream: OKAY', { verdict: 'unscannable', detail: 'clamd: unexpected answer' }],
    ['stream: FOUND', { verdict: 'unscannable', detail: 'clamd: unexpected answer' }],
    ['UNKNOWN COMMAND', { verdict: 'unscannable', detail: 'clamd: unexpected answer' }],
  ])('%j', (reply, verdict) => {
    expect(parseClamdReply(reply)).toEqual(verdict);
  });

  it('parses tcp://host:port and nothing else', () => {
    expect(parseClamdUrl('tcp://127.0.0.1:3310')).toEqual({ host: '127.0.0.1', port: 3310 });
    expect(parseClamdUrl('tcp://clamd.internal:3310/')).toEqual({ host: 'clamd.internal', port: 3310 });
    expect(parseClamdUrl('tcp://[::1]:3310')).toEqual({ host: '::1', port: 3310 });
    for (const bad of [
      'http://x:1',
      'tcp://x',
      'tcp://x:0',
      'tcp://x:70000',
      'unix:///run/clamd.sock',
      'tcp://a b:1',
      'tcp://u@x:1',
    ])
      expect(parseClamdUrl(bad)).toBeNull();
  });

  it('frames a chunk as its 4-byte big-endian length, then the bytes', () => {
    expect([...instreamChunk(new Uint8Array([7, 8, 9]))]).toEqual([0, 0, 0, 3, 7, 8, 9]);
    expect([...instreamChunk(new Uint8Array(0x10203).fill(1)).subarray(0, 4)]).toEqual([0, 1, 2, 3]);
  });
});

describe('clamd scanner against a clamd-protocol peer on loopback', () => {
  let peer: ClamdPeer | null = null;
  afterEach(async () => {
    await peer?.close();
    peer = null;
  });

  it('clean, then FOUND for EICAR; the stream arrives whole across chunks', async () => {
    peer = await startClamdPeer();
    const scanner = createClamdScanner({ host: '127.0.0.1', port: peer.port }, { chunkBytes: 5 });
    expect(await scanner.scan(bytes('%PDF-1.7\n', 'hello world'))).toEqual({ verdict: 'clean' });
    expect(peer.streams[0]!.toString()).toBe('%PDF-1.7\nhello world');
    expect(await scanner.scan(bytes('%PDF-1.7\n', EICAR.slice(0, 10), EICAR.slice(10)))).toEqual({
      verdict: 'infected',
      signature: EICAR_SIGNATURE,
    });
  });

  it('a stream above the scanner limit is unscannable, not an outage', async () => {
    peer = await startClamdPeer({ maxBytes: 1000 });
    const scanner = createClamdScanner({ host: '127.0.0.1', port: peer.port }, { chunkBytes: 100 });
    expect(await scanner.scan(bytes(new Uint8Array(200_000)))).toEqual({
      verdict: 'unscannable',
      detail: 'clamd: INSTREAM size limit exceeded.',
    });
  });

  it('a silent scanner times out as unavailable', async () => {
    peer = await startClamdPeer({ mode: 'silent' });
    const scanner = createClamdScanner({ host: '127.0.0.1', port: peer.port }, { timeoutMs: 200 });
    const started = Date.now();
    await expect(scanner.scan(bytes('%PDF-1.7\n'))).rejects.toBeInstanceOf(ScannerUnavailableError);
    expect(Date.now() - started).toBeLessThan(2000);
    // The scanner gave the connection up (what the e2e waits for instead of a sleep).
    await vi.waitFor(() => expect(peer!.abandoned).toBe(1));
  });

  it('a scanner that is down is unavailable', async () => {
    peer = await startClamdPeer();
    const port = peer.port;
    await peer.close();
    peer = null;
    const scanner = createClamdScanner({ host: '127.0.0.1', port }, { timeoutMs: 2000 });
    await expect(scanner.scan(bytes('x'))).rejects.toThrow(/clamd unreachable: ECONNREFUSED/);
  });

  it('a peer that hangs up without an answer is unavailable', async () => {
    const server = createServer((s) => s.on('data', () => s.end()));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    try {
      const scanner = createClamdScanner({ host: '127.0.0.1', port }, { timeoutMs: 2000 });
      await expect(scanner.scan(bytes('x'))).rejects.toBeInstanceOf(ScannerUnavailableError);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
