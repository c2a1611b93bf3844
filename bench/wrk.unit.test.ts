import { describe, expect, it } from 'vitest';
import { parseScriptPercentiles, parseWrkOutput } from './wrk';

// wrk 4.1's report, as `runWrk` asks for it (--latency), from runs on this machine.
const report = (extra = '') => `Running 1s test @ http://127.0.0.1:7399/
  1 threads and 10 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   137.22us  154.44us   3.87ms   98.31%
    Req/Sec    78.90k     6.57k   89.84k    72.73%
  Latency Distribution
     50%  110.00us
     75%  137.00us
     90%  196.00us
     99%    3.99ms
  86075 requests in 1.10s, 13.63MB read
${extra}Requests/sec:  78288.79
Transfer/sec:     12.39MB
`;

describe("reading wrk's report", () => {
  it('gives requests per second, the median and 99th percentile in milliseconds, whatever unit wrk chose, and how many requests', () => {
    expect(parseWrkOutput(report(), 'bare')).toEqual({ rps: 78288.79, p50: 0.11, p99: 3.99, requests: 86075 });
  });

  it('fails a run in which any answer was not 2xx or 3xx', () => {
    expect(() => parseWrkOutput(report('  Non-2xx or 3xx responses: 37882\n'), '/a')).toThrow('/a: 37882 answers were not 2xx or 3xx');
  });

  it('fails a run with socket errors, and one whose report it cannot read', () => {
    expect(() => parseWrkOutput(report('  Socket errors: connect 0, read 3, write 0, timeout 0\n'), '/b')).toThrow('/b: Socket errors: connect 0, read 3');
    expect(() => parseWrkOutput('unable to connect to 127.0.0.1:1 Connection refused', '/c')).toThrow('no Requests/sec');
  });

  it("reads the 50th, 95th and 99th percentiles the script's done() printed, in milliseconds", () => {
    expect(parseScriptPercentiles(report('percentiles: 4360 7250 13700\n'), '/d')).toEqual({ p50: 4.36, p95: 7.25, p99: 13.7 });
    expect(() => parseScriptPercentiles(report(), '/e')).toThrow('/e: no percentiles from the script');
  });
});
