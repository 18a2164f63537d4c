/** A stand-in for the browser's Worker: records its script and what it was sent, and lets a test send its events. */
export class FakeWorker extends EventTarget {
  static made: FakeWorker[] = [];
  terminated = false;
  sent: unknown[] = [];
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    super();
    FakeWorker.made.push(this);
  }
  postMessage(message: unknown) {
    this.sent.push(message);
  }
  terminate() {
    this.terminated = true;
  }
}
