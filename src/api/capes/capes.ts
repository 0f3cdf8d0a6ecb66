/**
 * Known capes (`GET /v2/capes`, generate option `cape`; reference/mineskin-api.md §1.5, §1.8).
 * A cape is `supported` only when this instance can really sign a skin with it:
 * - local signer: the cape texture is in the blob store (`textures/<hash>`), so the signed
 *   CAPE URL on this host resolves;
 * - mojang and upstream signers: never — the mojang signer cannot switch an account's cape
 *   (it refuses `cape` with `invalid_cape`), and an upstream's cape support is not known here.
 * @module
 */
import { z } from 'zod'
import type { CapeInfo } from '../../shared/schemas/api'
import { textureKey, type BlobStore } from '../blob/blob-store'
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
}

/** Cape support per signer. */
export function createCapeCatalogue(deps: CapeCatalogueDeps) {
  const supports = async (cape: KnownCape): Promise<boolean> =>
    deps.signerKind === 'local' ? deps.blobs.has(textureKey(cape.hash)) : false
  return {
    /** All known capes with their support flag. */
    async list(): Promise<CapeInfo[]> {
      return Promise.all(
        KNOWN_CAPES.map(async (c) => {
          const supported = await supports(c)
          const url = supported ? `${deps.textureBaseUrl}/${c.hash}` : `https://textures.minecraft.net/texture/${c.hash}`
          return { uuid: c.uuid, alias: c.alias, hash: c.hash, url, supported }
        }),
      )
    },
    /** True when skins can be signed with `cape` here. */
    supports,
  }
}

/** The cape catalogue type. */
export type CapeCatalogue = ReturnType<typeof createCapeCatalogue>
