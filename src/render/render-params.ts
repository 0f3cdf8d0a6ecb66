/**
 * Query parameters of the render routes (SPEC §7: `overlay`, `body`, `scale`, `slim`, `url`),
 * validated with zod. Booleans accept `true`/`false`/`1`/`0`, and a bare `?overlay` means true
 * as on Crafatar; `scale` must be an integer and is clamped to 1…10.
 * @module
 */
import { z } from 'zod'
import { RenderError } from './errors'
import { DEFAULT_SCALE, clampScale } from './render-options'

const boolParam = z
  .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
  .transform((v) => v !== 'false' && v !== '0')

const scaleParam = z
  .string()
  .regex(/^[+-]?\d{1,12}$/, { error: 'must be an integer' })
  .transform((v) => clampScale(Number(v)))

/** Options shared by both routes. */
export const viewQuerySchema = z.object({
  scale: scaleParam.default(DEFAULT_SCALE),
  overlay: boolParam.default(true),
  slim: boolParam.default(false),
})

/** `GET /render?url=&overlay=&body=&scale=&slim=` (SPEC §7). */
export const renderQuerySchema = viewQuerySchema.extend({
  url: z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(2048, { error: 'is too long' }),
  body: boolParam.default(false),
})

/** The three views of the content-addressed routes. */
export const renderViewSchema = z.enum(['face', 'head', 'body'], { error: 'must be face, head or body' })

/** A texture hash: hex SHA-256, possibly printed without leading zeros (reference §2.4), with an optional `.png`. */
export const textureHashSchema = z
  .string()
  .regex(/^[0-9a-fA-F]{8,64}(\.png)?$/, { error: 'must be a hex texture hash' })
  .transform((v) => v.replace(/\.png$/, '').toLowerCase())

/** Parsed view options of either route. */
export type ViewQuery = z.infer<typeof viewQuerySchema>
/** Parsed query of `GET /render`. */
export type RenderQuery = z.infer<typeof renderQuerySchema>
/** A view name of the content-addressed route. */
export type RenderView = z.infer<typeof renderViewSchema>

/** Parses `input` with `schema` or throws `invalid_render_request` (400) naming the bad field (`name` for a lone value). */
export function parseParams<S extends z.ZodType>(schema: S, input: unknown, name = 'request'): z.infer<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const field = issue?.path.join('.') || name
  throw new RenderError('invalid_render_request', `${field} ${issue?.message ?? 'is invalid'}`)
}
