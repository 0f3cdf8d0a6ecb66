/**
 * Random identifiers: skin uuids (32 hex, v4 layout), short ids (8 hex), job ids (24 hex, the
 * ObjectId shape MineSkin clients validate, reference/mineskin-api.md §1.1), breadcrumbs (8 hex).
 * Ids come from the CSPRNG: they are unguessable handles (a job id reveals its result).
 * @module
 */

/** `n` random bytes as lowercase hex. */
export function randomHex(bytes: number): string {
  const b = crypto.getRandomValues(new Uint8Array(bytes))
  let s = ''
  for (const x of b) s += x.toString(16).padStart(2, '0')
  return s
}

/** A random skin uuid: 32 hex digits without dashes. */
export const newSkinUuid = (): string => crypto.randomUUID().replace(/-/g, '')
/** A random 8-hex short id. */
export const newShortId = (): string => randomHex(4)
/** A random 24-hex job id. */
export const newJobId = (): string => randomHex(12)
/** A random 8-hex request breadcrumb (`MineSkin-Breadcrumb`). */
export const newBreadcrumb = (): string => randomHex(4)
/** A random 24-hex anonymous client id (`ssg_client` cookie). */
export const newClientId = (): string => randomHex(12)

