// The new version of a flat target, written only once it differs from the old one. While every
// record so far is identical, nothing is written; at the first difference the identical prefix
// is copied into a temp file beside the target, and the rest follows. So a sync that changes
// nothing leaves the file, and its mtime, alone; one that does commits with a rename.
import { createReadStream } from 'node:fs';
import { atomicFile, type FileDestination } from '../../output/atomic-file.ts';

export class LazyOutput {
  readonly #target: string;
  /** The old file, if there is one. */
  readonly #source: string | undefined;
  /** Bytes of the old file known to be identical to the output so far. */
  identicalUpTo = 0;
  #file: FileDestination | undefined;

  constructor(target: string, source: string | undefined) {
    this.#target = target;
    this.#source = source;
  }

  get writing(): boolean {
    return this.#file !== undefined;
  }

  async write(text: string): Promise<void> {
    const file = await this.#open();
    await file.write(text);
  }

  /** Commits: the old file's bytes from `tailFrom` to its end follow what was written. */
  async commit(tailFrom: number | undefined): Promise<boolean> {
    if (this.#file === undefined) return false;
    if (tailFrom !== undefined) await this.#copy(tailFrom, Number.POSITIVE_INFINITY);
    await this.#file.end();
    return true;
  }

  async discard(): Promise<void> {
    await this.#file?.discard();
  }

  async #open(): Promise<FileDestination> {
    if (this.#file !== undefined) return this.#file;
    const file = await atomicFile(this.#target);
    this.#file = file;
    if (this.identicalUpTo > 0) await this.#copy(0, this.identicalUpTo);
    return file;
  }

  async #copy(start: number, end: number): Promise<void> {
    const file = this.#file;
    if (this.#source === undefined || file === undefined || end <= start) return;
    const stream = createReadStream(this.#source, {
      start,
      ...(Number.isFinite(end) ? { end: end - 1 } : {}),
      encoding: 'utf8',
      highWaterMark: 1024 * 1024,
    });
    for await (const chunk of stream) await file.write(chunk as string);
  }
}
