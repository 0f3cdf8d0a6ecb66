/**
 * The texture PNGs of jobs a submit stored and queued here, kept until the job runs, by job id: the run
 * that follows at once in the same isolate (the API Worker: src/api/cloudflare/queues-job-queue.ts
 * "A job starts at once") signs the bytes its submit had instead of reading back the blob it just wrote.
 * The run still looks for a duplicate itself: another job of the same texture may have finished between
 * its submit's lookup and now. Bounded: the oldest are dropped, and a job run elsewhere or later reads its
 * blob, as always.
 * @module
 */

/** The store of kept PNGs, at most `max`. */
export function createJustStored(max: number) {
  const pngs = new Map<string, Uint8Array>()
  return {
    /** Keeps the texture PNG of job `jobId`. */
    keep(jobId: string, png: Uint8Array): void {
      pngs.set(jobId, png)
      if (pngs.size > max) pngs.delete(pngs.keys().next().value!)
    },
    /** The PNG kept for `jobId` (once: it is dropped), or undefined. */
    take(jobId: string): Uint8Array | undefined {
      const png = pngs.get(jobId)
      pngs.delete(jobId)
      return png
    },
  }
}
