import type net from 'node:net';
import { Duplex } from 'node:stream';

/**
 * A plain Duplex over a TCP socket. node:tls reads a net.Socket through its C++ handle and would miss
 * the bytes already read to classify the connection (and put back with `unshift`); through this JS
 * stream it sees them.
 */
export class SocketStream extends Duplex {
  constructor(private readonly socket: net.Socket) {
    super();
    socket.on('data', (chunk: Buffer) => {
      if (!this.push(chunk)) socket.pause();
    });
    socket.once('end', () => this.push(null));
    socket.once('error', (error) => this.destroy(error));
    socket.once('close', () => this.destroy());
  }

  override _read(): void {
    this.socket.resume();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.socket.write(chunk, callback);
  }

  override _final(callback: () => void): void {
    this.socket.end(callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.socket.destroy();
    callback(error);
  }
}
