/**
 * The message parts of every v2 answer (reference/mineskin-api.md §1.3) as the client reads them.
 * zod/mini: this ships to the browser (DESIGN.md §4 JavaScript budget).
 * @module
 */
import * as z from 'zod/mini'

/** `{code, message}` entry of messages[], warnings[] and errors[]. */
export const codeMessageSchema = z.object({ code: z.string(), message: z._default(z.string(), '') })

const list = z._default(z.array(codeMessageSchema), [])

/** The envelope fields the client acts on; the payload fields are read by each call's own schema. */
export const envelopeSchema = z.object({
  success: z.optional(z.boolean()),
  messages: list,
  warnings: list,
  errors: list,
})
/** Parsed envelope. */
export type Envelope = z.infer<typeof envelopeSchema>

/** Reads the envelope out of any JSON body; a body that is not an envelope has empty lists. */
export function readEnvelope(body: unknown): Envelope {
  const parsed = envelopeSchema.safeParse(body)
  return parsed.success ? parsed.data : { messages: [], warnings: [], errors: [] }
}
