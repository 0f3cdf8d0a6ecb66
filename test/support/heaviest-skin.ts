/**
 * The heaviest skin page a visitor can make, built through the real embedded API (DESIGN.md §4: HTML ≤
 * 30 KB on every page in every language), so the HTML budget is checked against the maxima rather
 * than whatever the demo seed happened to paint:
 * - the skin's name is {@link SKIN_NAME_MAX} characters, the longest the API accepts (its pattern,
 *   `SKIN_NAME`, allows only ASCII letters, digits, space and `_ . -`, so no name takes more than a
 *   byte a character in any language);
 * - it is signed with a cape (the local signer applies a cape whose texture is in the blob store),
 *   which lengthens the signed value and adds the cape to the viewer's props;
 * - its owner looks at it, signed in: the owner's controls and their props; the owner may still
 *   edit it (six times within the hour), so a test can change its visibility and name;
 * - it carries the most tags the page lists ({@link SKIN_PAGE_TAGS}), each of the longest tag text
 *   the API accepts, made visible to everyone by two voters and voted up by the owner, who has
 *   liked it too;
 * - it has {@link SIMILAR_MAX} similar skins, each with a name of the longest length;
 * - it is a remix of a public skin with a name of the longest length ("Remixed from …").
 * @module
 */
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { textureKey } from '../../src/api/blob/blob-store'
import { createSqliteBlobStore } from '../../src/api/blob/sqlite-blob-store'
import { KNOWN_CAPES } from '../../src/api/capes/capes'
import { mulberry32 } from '../../src/api/seed/prng'
import { paintSkin } from '../../src/api/seed/procedural-skin'
import { openStore } from '../../src/api/store/db'
import { uploadForm } from '../../src/api/testing/api-harness'
import { testSessionToken } from '../../src/api/testing/test-session'
import { SIMILAR_MAX } from '../../src/server/components/skin/similar-skins'
import { SKIN_PAGE_TAGS } from '../../src/shared/constants'
import { encodeMinecraftPng } from '../../src/shared/png/encode-minecraft'
import { SKIN_NAME_MAX } from '../../src/shared/schemas/api/patterns'
import { startTestApi, type TestApi } from './embedded-api'

/** Longest tag text the API accepts (`tagSchema`, reference/mineskin-api.md §1.7). */
export const TAG_MAX = 32

/** The built data: the API, the skin, and the owner's cookies. */
export interface HeaviestSkin {
  backend: TestApi
  uuid: string
  /** The owner's cookies: signed in, plus the anonymous client id. */
  cookie: string
  /** Calls the API as the owner (`PATCH /v2/skins/{uuid}` to change visibility or name). */
  asOwner(path: string, init?: RequestInit): Promise<Response>
}

/** A name of the longest length, different for every `index`. */
const longName = (index: number) => `Wandering Knight of the Western March ${index}`.padEnd(SKIN_NAME_MAX, 'W')

/** A tag of the longest length, different for every `index` (its first letter). */
const longTag = (index: number) => `${String.fromCharCode(97 + index)} ${'worst case tag text '.repeat(2)}`.slice(0, TAG_MAX).padEnd(TAG_MAX, 'x')

/**
 * Painted skins that differ by one pixel each: distinct textures with the same colours, so
 * `/v2/skins/{id}/similar` ranks them all as the closest to each other.
 */
function onePixelApart(count: number, seed = 2323): Uint8Array<ArrayBuffer>[] {
  const base = paintSkin(mulberry32(seed)).rgba
  return Array.from({ length: count }, (_, i) => {
    const rgba = Uint8Array.from(base)
    // A pixel of the head's front, opaque on every painted skin.
    const at = (8 * 64 + 8 + i) * 4
    rgba[at] = (rgba[at]! + 1 + i) % 256
    return encodeMinecraftPng(rgba, 64, 64)
  })
}

/** Builds the heaviest skin page's data on a fresh embedded API with `demoSkins` demo skins besides; dispose of `backend` afterwards. */
export async function buildHeaviestSkin(demoSkins = 0): Promise<HeaviestSkin> {
  const backend = await startTestApi(demoSkins, {
    ALTCHA_MIN_COUNTER: '1',
    ALTCHA_MAX_COUNTER: '200',
    LIMIT_USER_PER_MINUTE: '1000',
    LIMIT_ANONYMOUS_PER_MINUTE: '1000',
    LIMIT_ANONYMOUS_PER_HOUR: '10000',
  })
  const call = (path: string, cookie: string, init: RequestInit = {}) =>
    backend.api.fetch(new Request(`http://api.internal${path}`, { ...init, headers: { cookie, ...(init.headers as Record<string, string>) } }))
  const ok = async (res: Promise<Response>): Promise<Response> => {
    const answer = await res
    if (answer.status >= 300) throw new Error(`${answer.url} answered ${answer.status}: ${await answer.text()}`)
    return answer
  }
  const json = async <T>(res: Promise<Response>): Promise<T> => (await (await ok(res)).json()) as T
  const anonymous = async () => (await call('/v2/queue', '')).headers.get('set-cookie')!.split(';')[0]!
  const proof = async () => {
    const challenge = await json<Challenge>(call('/v2/challenge', ''))
    const solution = await solveChallenge({ challenge, deriveKey })
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
  }

  // The operator makes a cape available to the local signer by putting its texture in the blob store.
  const cape = KNOWN_CAPES[0]!
  const store = openStore(backend.dataDir)
  try {
    await createSqliteBlobStore(store.sqlite).put(textureKey(cape.hash), encodeMinecraftPng(new Uint8Array(64 * 32 * 4).fill(200), 64, 32), 'image/png')
  } finally {
    store.close()
  }

  const cookie = `ssg_api=${await testSessionToken(backend.dataDir, { sub: 'a'.repeat(32) })}; ${await anonymous()}`
  const generate = async (png: Uint8Array, fields: Record<string, string>) => {
    const queued = await json<{ job: { id: string } }>(call('/v2/queue', cookie, { method: 'POST', body: uploadForm(png, fields) }))
    await backend.api.idle()
    return (await json<{ job: { result: string } }>(call(`/v2/queue/${queued.job.id}`, cookie))).job.result
  }
  const [main, ...others] = onePixelApart(SIMILAR_MAX + 1)
  // The original it remixes is painted apart from the rest (another seed), so it is not among the similar skins.
  const original = await generate(onePixelApart(1, 4646)[0]!, { name: longName(99) })
  // The similar skins come last: the newest win ties, so the skin's own list is exactly these.
  const uuid = await generate(main!, { name: longName(0), visibility: 'unlisted', cape: cape.uuid, remixOf: original })
  for (const [i, png] of others.entries()) await generate(png, { name: longName(i + 1) })

  // Two voters make every tag visible to all (TAG_VISIBLE_THRESHOLD 2); the owner votes too and likes the skin.
  const voters = [await anonymous(), await anonymous(), cookie]
  for (let i = 0; i < SKIN_PAGE_TAGS; i++) {
    for (const voter of voters) {
      const body = JSON.stringify({ tag: longTag(i), vote: 'up' })
      await ok(call(`/v2/skins/${uuid}/tags`, voter, { method: 'POST', body, headers: { 'content-type': 'application/json', 'turnstile-token': await proof() } }))
    }
  }
  await ok(call(`/v2/skins/${uuid}/interactions/likes`, cookie, { method: 'POST', headers: { 'turnstile-token': await proof() } }))
  return { backend, uuid, cookie, asOwner: (path, init) => call(path, cookie, init) }
}
