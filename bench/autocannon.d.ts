// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  type Histogram = { average: number; mean: number; p50: number; p99: number; max: number };
  export type Result = {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  };
  export type Options = { url: string; connections?: number; duration?: number; headers?: Record<string, string>; pipelining?: number; overallRate?: number };
  export default function autocannon(options: Options): Promise<Result>;
  /** With a callback: the running instance, which `stop()` ends early (the callback then gets the results). */
  export default function autocannon(options: Options, done: (error: Error | null, result: Result) => void): { stop(): void };
}
