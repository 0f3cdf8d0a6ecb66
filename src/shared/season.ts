/**
 * Seasonal styling decided from an injected clock so tests and SSR agree (SPEC §2, §9).
 * @module
 */

/** Rainbow tabs during June and July, judged in UTC (SPEC §2 app bar, §9). */
export const isRainbowSeason = (now: Date): boolean => {
  const month = now.getUTCMonth()
  return month === 5 || month === 6
}
