/** A reader of a Server-Sent Events response body, for the tests and benchmarks of the live stream. */

/** One parsed Server-Sent Events message. */
export interface SseMessage {
  id?: string;
  event: string;
  data: unknown;
}

/** Reads SSE messages from a response body as they arrive. */
export class SseReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private buffer = '';
  /** True once the server ended the stream. */
  ended = false;

  constructor(body: ReadableStream<Uint8Array>) {
    this.reader = body.getReader();
  }

  /** The next message (comments and `retry:` lines skipped), or undefined when the stream ends or `timeoutMs` passes. */
  async next(timeoutMs = 5000): Promise<SseMessage | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const message = this.take();
      if (message) return message;
      if (this.ended) return undefined;
      const left = deadline - Date.now();
      if (left <= 0) return undefined;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), left)));
      const chunk = await Promise.race([(this.pending ??= this.reader.read()), timeout]);
      clearTimeout(timer);
      if (chunk === 'timeout') return undefined;
      this.pending = undefined;
      if (chunk.done) this.ended = true;
      else this.buffer += this.decoder.decode(chunk.value, { stream: true });
    }
  }

  /** Stops reading (the server sees the stream cancelled). */
  async close(): Promise<void> {
    await this.reader.cancel().catch(() => {});
  }

  private pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;

  private take(): SseMessage | undefined {
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end === -1) return undefined;
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const fields: Record<string, string> = {};
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const key = colon === -1 ? line : line.slice(0, colon);
        fields[key] = (fields[key] ? `${fields[key]}\n` : '') + line.slice(colon + 1).replace(/^ /, '');
      }
      if (fields['data'] === undefined) continue;
      return {
        ...(fields['id'] === undefined ? {} : { id: fields['id'] }),
        event: fields['event'] ?? 'message',
        data: JSON.parse(fields['data']) as unknown,
      };
    }
  }
}
