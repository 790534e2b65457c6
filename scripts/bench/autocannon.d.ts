// The subset of autocannon 8's programmatic API the bench uses (the package ships no types).
declare module "autocannon" {
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    timeout?: number;
    headers?: Record<string, string>;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    "2xx": number;
    "5xx": number;
    /** Answers per HTTP status. */
    statusCodeStats: Record<string, { count: number }>;
  }
  /** The run: awaitable, and it emits every response as it arrives. */
  interface Instance extends PromiseLike<Result> {
    on(
      event: "response",
      listener: (
        client: unknown,
        statusCode: number,
        resBytes: number,
        responseTimeMs: number,
      ) => void,
    ): this;
  }
  function autocannon(opts: Options): Instance;
  export default autocannon;
}
