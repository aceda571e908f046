import { Transform, type TransformCallback } from 'node:stream';
import { ObjectSizeMismatchError } from './storage.errors.js';

/**
 * Passes bytes through and fails the stream as soon as it exceeds the declared size, or at its end
 * when it fell short, so neither driver stores a truncated or oversized object.
 */
export class SizeGuard extends Transform {
  private bytes = 0;

  constructor(
    private readonly key: string,
    private readonly expected: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.expected) {
      done(new ObjectSizeMismatchError(this.key, this.expected, this.bytes));
      return;
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    if (this.bytes !== this.expected) {
      done(new ObjectSizeMismatchError(this.key, this.expected, this.bytes));
      return;
    }
    done();
  }
}
