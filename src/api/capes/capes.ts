/**
 * Known capes (`GET /v2/capes`, generate option `cape`; reference/mineskin-api.md §1.5, §1.8).
 * A cape is `supported` only when this instance can really sign a skin with it:
 * - local signer: the cape texture is in the blob store (`textures/<hash>`), so the signed
 *   CAPE URL on this host resolves;
 * - mojang signer: some signing account in rotation owns the cape (its services profile lists it,
 *   read at sign-in, at each token renewal and before each cape job; docs/signing.md "Capes"): the
 *   signer shows it on that account for the skin change and puts the owner's choice back after;
 * - upstream signer: never — an upstream's cape support is not known here.
 * A known cape that is not supported is refused with 400 `cape_unavailable`, naming the ones that are.
 * @module
 */
import { z } from 'zod'
import type { CapeInfo } from '../../shared/schemas/api'
import { textureKey, type BlobStore } from '../blob/blob-store'
import { ApiError } from '../errors'
import knownCapes from './known-capes.json'

const capeSchema = z.object({ uuid: z.string(), alias: z.string(), hash: z.string() })
/** One known cape. */
export type KnownCape = z.infer<typeof capeSchema>

/** The known capes. */
export const KNOWN_CAPES: readonly KnownCape[] = z.array(capeSchema).parse(knownCapes.capes)

const compact = (id: string) => id.replace(/-/g, '').toLowerCase()

/** Known cape by uuid (32-hex or dashed), or null. */
export function findKnownCape(uuid: string): KnownCape | null {
  const c = compact(uuid)
  return KNOWN_CAPES.find((k) => compact(k.uuid) === c) ?? null
}

/** Dependencies of the cape catalogue. */
export interface CapeCatalogueDeps {
  signerKind: 'local' | 'mojang' | 'upstream'
  blobs: BlobStore
  /** Base of this instance's texture URLs. */
  textureBaseUrl: string
  /** Mojang signer: the cape ids (32 hex) that signing accounts in rotation own. */
  ownedCapes?: () => Promise<string[]>
}

/** Cape support per signer. */
export function createCapeCatalogue(deps: CapeCatalogueDeps) {
  /** The known capes that are supported now (one read of the pool, however many capes are known). */
  const available = async (): Promise<KnownCape[]> => {
    if (deps.signerKind === 'local') {
      const flags = await Promise.all(KNOWN_CAPES.map((c) => deps.blobs.has(textureKey(c.hash))))
      return KNOWN_CAPES.filter((_, i) => flags[i])
    }
    if (deps.signerKind === 'mojang' && deps.ownedCapes) {
      const owned = new Set(await deps.ownedCapes())
      return KNOWN_CAPES.filter((c) => owned.has(compact(c.uuid)))
    }
    return []
  }
  const supports = async (cape: KnownCape): Promise<boolean> => (await available()).some((c) => c.uuid === cape.uuid)
  return {
    /** All known capes with their support flag. */
    async list(): Promise<CapeInfo[]> {
      const ok = new Set((await available()).map((c) => c.uuid))
      return KNOWN_CAPES.map((c) => {
        const supported = ok.has(c.uuid)
        // The local signer signs its own URL of the texture; Mojang accounts show Mojang's.
        const url = supported && deps.signerKind === 'local' ? `${deps.textureBaseUrl}/${c.hash}` : `https://textures.minecraft.net/texture/${c.hash}`
        return { uuid: c.uuid, alias: c.alias, hash: c.hash, url, supported }
      })
    },
    /** True when skins can be signed with `cape` here. */
    supports,
    available,
    /** Throws 400 `cape_unavailable`, naming the capes that can be asked for instead, unless `cape` is supported. */
    async require(cape: KnownCape): Promise<void> {
      const ok = await available()
      if (ok.some((c) => c.uuid === cape.uuid)) return
      const why = deps.signerKind === 'mojang' ? 'no signing account in rotation owns it' : 'this instance cannot sign it'
      const list = ok.length ? ok.map((c) => `${c.alias} (${c.uuid})`).join(', ') : 'none'
      throw new ApiError('cape_unavailable', `The ${cape.alias} cape is not available: ${why}. Available capes: ${list}`, 400, 'CLIENT')
    },
  }
}

/** The cape catalogue type. */
export type CapeCatalogue = ReturnType<typeof createCapeCatalogue>
