// The parts of autocannon (a dev dependency without bundled types) the benchmark uses.
declare module 'autocannon' {
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    requests?: { method?: string; path: string }[];
  };
  type Histogram = { average: number; mean: number; p50: number; p90: number; p97_5: number; p99: number; max: number };
  export type Result = { requests: Histogram; latency: Histogram; errors: number; non2xx: number; timeouts: number };
  export default function autocannon(options: Options): Promise<Result>;
}
