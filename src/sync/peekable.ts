// A stream of records or days with one item of look-ahead: how a sync walks two sorted
// streams (the target's and the API's) side by side.
export class Peekable<T> {
  readonly #iterator: AsyncIterator<T> | Iterator<T>;
  #next: IteratorResult<T> | undefined;

  constructor(iterable: AsyncIterable<T> | Iterable<T>) {
    this.#iterator =
      Symbol.asyncIterator in iterable
        ? iterable[Symbol.asyncIterator]()
        : (iterable as Iterable<T>)[Symbol.iterator]();
  }

  async peek(): Promise<T | undefined> {
    this.#next ??= await this.#iterator.next();
    return this.#next.done === true ? undefined : this.#next.value;
  }

  async take(): Promise<T | undefined> {
    const value = await this.peek();
    this.#next = undefined;
    return value;
  }

  async close(): Promise<void> {
    await this.#iterator.return?.();
  }
}
