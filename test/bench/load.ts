/**
 * A tiny closed-loop HTTP load generator, run as its own process so it does not share the event loop
 * with the server it measures: `bun test/bench/load.ts <url> <seconds> <connections>` prints JSON
 * `{ requests, errors, rps, p50, p99 }` (latencies in ms).
 * @module
 */
export {}

const [url, seconds = '5', connections = '16'] = process.argv.slice(2)
if (!url) throw new Error('usage: load.ts <url> [seconds] [connections]')
const until = performance.now() + Number(seconds) * 1000
const latencies: number[] = []
let errors = 0

async function worker() {
  while (performance.now() < until) {
    const start = performance.now()
    try {
      const response = await fetch(url!)
      await response.arrayBuffer()
      if (!response.ok) errors++
    } catch {
      errors++
    }
    latencies.push(performance.now() - start)
  }
}

const began = performance.now()
await Promise.all(Array.from({ length: Number(connections) }, worker))
const elapsed = (performance.now() - began) / 1000
latencies.sort((a, b) => a - b)
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0
console.log(JSON.stringify({ requests: latencies.length, errors, rps: Math.round(latencies.length / elapsed), p50: +pct(0.5).toFixed(2), p99: +pct(0.99).toFixed(2) }))
