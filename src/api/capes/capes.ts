/**
 * Known capes (`GET /v2/capes`, generate option `cape`; reference/mineskin-api.md §1.5, §1.8).
 * A cape is `supported` only when this instance can really sign a skin with it:
 * - local signer: the cape texture is in the blob store (`textures/<hash>`), so the signed
 *   CAPE URL on this host resolves;
 * - mojang signer: an enabled pool account owns the cape (reference §2.4 "support: owner");
 * - upstream signer: never (the upstream's cape support is not known here).
 * @module
 */
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import type { CapeInfo } from '../../shared/schemas/api'
import { textureKey, type BlobStore } from '../blob/blob-store'
import type { Db } from '../store/db'
import { accounts } from '../store/schema'
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
  db: Db
  /** Base of this instance's texture URLs. */
  textureBaseUrl: string
}

/** Cape support per signer. */
export function createCapeCatalogue(deps: CapeCatalogueDeps) {
  const ownedByPool = (): Set<string> => {
    const rows = deps.db.select({ capes: accounts.capes }).from(accounts).where(eq(accounts.enabled, 1)).all()
    const owned = new Set<string>()
    for (const r of rows) {
      try {
        for (const id of JSON.parse(r.capes) as unknown[]) if (typeof id === 'string') owned.add(compact(id))
      } catch {
        // A malformed capes column only means the account offers no cape.
      }
    }
    return owned
  }
  const isSupported = async (cape: KnownCape, owned: Set<string> | null): Promise<boolean> => {
    if (deps.signerKind === 'local') return deps.blobs.has(textureKey(cape.hash))
    if (deps.signerKind === 'mojang') return (owned ?? ownedByPool()).has(compact(cape.uuid))
    return false
  }
  return {
    /** All known capes with their support flag. */
    async list(): Promise<CapeInfo[]> {
      const owned = deps.signerKind === 'mojang' ? ownedByPool() : null
      return Promise.all(
        KNOWN_CAPES.map(async (c) => {
          const supported = await isSupported(c, owned)
          const url =
            deps.signerKind === 'local' && supported
              ? `${deps.textureBaseUrl}/${c.hash}`
              : `https://textures.minecraft.net/texture/${c.hash}`
          return { uuid: c.uuid, alias: c.alias, hash: c.hash, url, supported }
        }),
      )
    },
    /** True when skins can be signed with `cape` here. */
    supports: (cape: KnownCape) => isSupported(cape, null),
  }
}

/** The cape catalogue type. */
export type CapeCatalogue = ReturnType<typeof createCapeCatalogue>
