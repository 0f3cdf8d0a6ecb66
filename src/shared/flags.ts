/**
 * Feature flags (SPEC §7 "feature-flag configuration file loaded from the site itself"). The site
 * serves `/flags.json`; every flag has a documented default here, so a missing or partial file is safe.
 * @module
 */
import { z } from 'zod'

/** A banner shown on the home page when set (reference/mineskin-api.md §3.8 `web.notification_banner`). */
export const bannerSchema = z.object({
  title: z.string(),
  text: z.string(),
  color: z.enum(['info', 'success', 'warning', 'error']).default('info'),
  link: z.string().optional(),
})

/** All flags with their defaults. Unknown keys in the file are ignored. */
export const flagsSchema = z.object({
  /** Show the notification bell (wide screens, signed in, when notifications exist) — SPEC §2. */
  'web.show_notifications': z.boolean().default(true),
  /** Show tag chips and voting on skin pages. */
  'web.tags.visible': z.boolean().default(true),
  /** Show the report button on skin pages. */
  'web.report.visible': z.boolean().default(true),
  /** Show the similar-skins card on skin pages. */
  'web.show_similar': z.boolean().default(true),
  /** Offer "private" in the visibility choice of the generate form. */
  'web.visibility.private': z.boolean().default(true),
  /** Optional home page banner. */
  'web.notification_banner': bannerSchema.nullable().default(null),
})
/** Resolved feature flags. */
export type Flags = z.infer<typeof flagsSchema>

/** The defaults, used when the flags file is missing. */
export const DEFAULT_FLAGS: Flags = flagsSchema.parse({})

/** Parses a flags file leniently: a broken entry falls back to its default instead of failing the page. */
export function parseFlags(input: unknown): Flags {
  const record = input && typeof input === 'object' ? (input as Record<string, unknown>) : {}
  const flags: Record<string, unknown> = { ...DEFAULT_FLAGS }
  for (const key of Object.keys(flagsSchema.shape) as (keyof Flags)[]) {
    const parsed = flagsSchema.shape[key].safeParse(record[key])
    if (parsed.success && record[key] !== undefined) flags[key] = parsed.data
  }
  return flags as Flags
}
