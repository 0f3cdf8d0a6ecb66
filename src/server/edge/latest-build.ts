/**
 * `GET /builds/latest.json` (SPEC §7 "Build check"): the build id of the client
 * build this server serves, `{ buildId }`. Pages carry the id they were rendered with
 * (`<html data-build>`); the client's build check (src/islands/build-check.ts) compares the two and,
 * once they differ, makes the next navigation a full page load. Asked with a timestamp query
 * (`?t=…`) and never stored anywhere (`no-store`), so a deploy shows at once, edge included.
 * @module
 */
import type { Handler } from 'hono'
import type { AppOptions } from '../app-options'

/** The handler, reading the id from the same manifest the pages use. */
export const latestBuild =
  (options: Pick<AppOptions, 'manifest'>): Handler =>
  async (c) => {
    const { buildId } = await options.manifest()
    c.header('Cache-Control', 'no-store')
    return c.json({ buildId })
  }
