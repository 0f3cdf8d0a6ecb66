/**
 * A local stand-in for the Mojang services a skin generator talks to, close enough to test clients
 * against (reference skins-and-peers.md §2.2, §2.3, §2.5; mineskin-api.md §2.4):
 * - api.mojang.com           `GET {apiBase}/users/profiles/minecraft/{name}` (404 when unknown)
 * - sessionserver.mojang.com `GET {sessionBase}/session/minecraft/profile/{uuid}[?unsigned=false]`
 *                            (204 when unknown; signed with the stand-in's own RSA key when asked)
 * - api.minecraftservices.com `POST {servicesBase}/minecraft/profile/skins` (Bearer token, multipart
 *                            `variant` + `file`, or JSON `{variant, url}` with one of the stand-in's
 *                            own texture URLs), `GET {servicesBase}/minecraft/profile`,
 *                            `GET {servicesBase}/minecraft/profile/lookup/name/{name}`,
 *                            `PUT {servicesBase}/minecraft/profile/capes/active` (Bearer, JSON `{capeId}`:
 *                            shows one of the player's own capes) and `DELETE` of the same path (hides it)
 * - textures.minecraft.net   `GET {texturesBase}/texture/{hash}` (hash printed without leading zeros)
 * One Bun.serve on 127.0.0.1 with a path prefix per host. Knobs for failure paths: rate limiting a
 * token, a session server that lags behind a fresh upload for a few reads, a strict per-account
 * interval between skin changes (reference account-pool.md §6), and signing with a key other than the
 * published one. Players own capes granted by the test (`grantCape`); the active one is listed as
 * `ACTIVE` in the services profile and signed into the session profile's `textures.CAPE`. The
 * signatures are made with the stand-in's own key, so whatever checks them must be given
 * `publicKeyPem` (`env.MOJANG_SIGNATURE_KEY`).
 * @module
 */
import type { Server } from 'bun'
import { ApiError } from '../../src/api/errors'
import { readSkinImage, skinFromRgba, trimmedTextureHash, type SkinVariant } from '../../src/api/image'
import { makeSkinRgba } from '../../src/api/image/fixtures'
import { encodeTexturesValue, type TexturesPayload } from '../../src/api/profiles'
import { generateSigningKey, signValue, type RsaSigningKey } from '../../src/api/signing/signer/rsa'

/** Options of {@link startMojangStandIn}. */
export interface MojangStandInOptions {
  /** How many Minecraft accounts (with bearer tokens) to create. Default 2. */
  accounts?: number
  /** Clock for the textures `timestamp`. */
  now?: () => number
  /** RSA key size of the stand-in's signing key. Default 2048: Mojang's is 4096, but generating one takes seconds on a loaded machine and the size changes no behaviour. */
  keyBits?: number
  /** Status for an unknown name: Mojang has answered 204 and 404 over the years. Default 404. */
  unknownNameStatus?: 204 | 404
  /**
   * More routes on the same origin, asked first for every request (after it is logged); `undefined`
   * falls through to the built-in routes. The Microsoft stand-in mounts its hosts here, and can answer
   * for a services path too (a rate-limited host, a token bound to no profile).
   */
  extraRoutes?: (req: Request, url: URL) => Promise<Response | undefined> | Response | undefined
  /**
   * A strict host: a skin change of an account that arrives less than this many ms (by `now`) after its
   * previous accepted change arrived is refused with 429, as a host enforcing Mojang's per-account
   * interval exactly would. Default 0 (no rule).
   */
  minChangeIntervalMs?: number
}

/** One skin change (POST …/minecraft/profile/skins) as it arrived at the stand-in. */
export interface StandInChange {
  /** Profile uuid of the account. */
  accountId: string
  /** Arrival time by the stand-in's clock (`now`), epoch ms. */
  at: number
  /** What the stand-in answered (429 when the strict interval refused it). */
  status: number
}

/** A Minecraft account the stand-in accepts uploads for. */
export interface StandInAccount {
  /** Profile uuid, 32 hex. */
  id: string
  name: string
  accessToken: string
}

/** One request the stand-in received. */
export interface StandInRequest {
  method: string
  path: string
  token?: string
}

/** A cape granted to a player (grantCape). */
export interface StandInCape {
  /** Cape id, a dashed uuid as Mojang's. */
  id: string
  /** Full 64-char texture hash (readSkinImage's, as for skins). */
  textureHash: string
  /** Texture URL the stand-in serves it under (hash printed without leading zeros). */
  url: string
}

/** Options of {@link MojangStandIn.grantCape}. */
export interface GrantCapeOptions {
  /** The cape's name in the services profile (`alias`), e.g. `Migrator`. */
  alias: string
  /** Texture PNG (64x32 like Mojang's capes); default a generated one with pixels of its own. */
  png?: Uint8Array
  /** Show it at once (as if the player had chosen it). Default false. */
  active?: boolean
  /** The cape id, a dashed uuid (e.g. a known cape's, as `GET /v2/capes` lists it). Default a random one. */
  id?: string
}

/** What a player wears right now, for assertions (no request logged, no lag applied). */
export interface StandInProfileState {
  skin?: { hash: string; variant: SkinVariant; url: string }
  /** Id of the cape shown, if any. */
  activeCape?: string
}

/** A running stand-in. */
export interface MojangStandIn {
  apiBase: string
  sessionBase: string
  servicesBase: string
  texturesBase: string
  /** SPKI PEM of the key that signs `textures` values. */
  publicKeyPem: string
  accounts: StandInAccount[]
  /** Every request, in order. */
  requests: StandInRequest[]
  /** Every skin change by a known account, in arrival order. */
  changes: StandInChange[]
  /** Env vars that point the API at this stand-in: MOJANG_*_BASE and MOJANG_SIGNATURE_KEY (its public key). */
  env: Record<string, string>
  /** While set, the session server signs with a throw-away key instead of `publicKeyPem`'s (a foreign signature). */
  setForeignSigner(on: boolean): Promise<void>
  /** Creates a player (uuid random), optionally wearing `skinPng`. */
  addPlayer(name: string, skinPng?: Uint8Array, opts?: { slim?: boolean }): Promise<{ id: string; name: string; textureHash?: string }>
  /** While set, uploads with this token answer 429 like Mojang's rate limiter. */
  setRateLimited(token: string, limited: boolean): void
  /** After each upload with this token, the next `reads` session-profile reads still show the previous skin. */
  setProfileLag(token: string, reads: number): void
  /** Texture PNG stored under a (full or trimmed) hash, if any. */
  texture(hash: string): Uint8Array | undefined
  /** A bearer token for player `playerId` that the services host accepts until `expiresAt` (the stand-in's clock). */
  issueToken(playerId: string, expiresAt: number): string
  /** The player's current skin texture URL, if any. */
  skinUrl(playerId: string): string | undefined
  /** Gives player `playerId` a cape (inactive unless `active`); its texture is served under `url`. Throws for an unknown player. */
  grantCape(playerId: string, opts: GrantCapeOptions): Promise<StandInCape>
  /** The player's current skin and shown cape; undefined for an unknown player. */
  profileOf(playerId: string): StandInProfileState | undefined
  /** The origin every prefix lives under. */
  origin: string
  stop(): Promise<void>
}

interface Player {
  id: string
  name: string
  skin?: { hash: string; variant: SkinVariant; skinId: string }
  previousSkin?: Player['skin']
  /** Reads that lag behind after an upload (setProfileLag). */
  lag: number
  /** Lagging reads left since the last upload. */
  lagReads: number
  /** Capes the player owns, in the order granted. */
  capes: { id: string; alias: string; hash: string }[]
  /** Id of the cape shown, if any. */
  activeCape?: string
}

const uuid32 = () => crypto.randomUUID().replaceAll('-', '')
const json = (body: unknown, status = 200) => Response.json(body, { status })
const mojangError = (status: number, path: string, errorMessage: string, error = 'Error') => json({ path, error, errorMessage }, status)

/**
 * A 64x32 cape texture (Mojang's cape layout: front, back and sides within x 0..21, y 0..16) with
 * pixels drawn from `n`, so every generated cape has a texture hash of its own; the rest stays
 * transparent as in Mojang's capes.
 */
function makeCapeRgba(n: number): Uint8Array {
  const rgba = makeSkinRgba(0xca9e0000 + n, { height: 32 })
  for (let y = 0; y < 32; y++) for (let x = 0; x < 64; x++) if (x > 21 || y > 16) rgba.fill(0, (y * 64 + x) * 4, (y * 64 + x) * 4 + 4)
  return rgba
}

/** Starts the stand-in on 127.0.0.1 with a random port. */
export async function startMojangStandIn(opts: MojangStandInOptions = {}): Promise<MojangStandIn> {
  const now = opts.now ?? Date.now
  const { key } = await generateSigningKey(opts.keyBits ?? 2048)
  const signingKey: RsaSigningKey = key
  /** The key of a session server that signs with something else (setForeignSigner). */
  let foreignKey: RsaSigningKey | null = null
  const changes: StandInChange[] = []
  /** Arrival of each account's last accepted skin change (strict interval). */
  const lastChangeAt = new Map<string, number>()
  const players = new Map<string, Player>()
  const textures = new Map<string, Uint8Array<ArrayBuffer>>()
  const rateLimited = new Set<string>()
  const requests: StandInRequest[] = []
  const accounts: StandInAccount[] = []
  const byToken = new Map<string, Player>()
  /** Expiry of tokens minted by issueToken (the stand-in accounts' own tokens never expire). */
  const tokenExpiry = new Map<string, number>()
  const playerOf = (token: string | undefined) => {
    if (!token) return undefined
    const expiry = tokenExpiry.get(token)
    return expiry !== undefined && expiry <= now() ? undefined : byToken.get(token)
  }
  let texturesBase = ''

  const byName = (name: string) => [...players.values()].find((p) => p.name.toLowerCase() === name.toLowerCase())
  const textureUrl = (hash: string) => `${texturesBase}/texture/${trimmedTextureHash(hash)}`

  const capeOf = (p: Player) => p.capes.find((c) => c.id === p.activeCape)

  async function texturesProperty(p: Player, signed: boolean) {
    const skin = p.lagReads > 0 ? p.previousSkin : p.skin
    if (p.lagReads > 0) p.lagReads--
    const cape = capeOf(p)
    const payload: TexturesPayload = {
      timestamp: now(),
      profileId: p.id,
      profileName: p.name,
      ...(signed ? { signatureRequired: true } : {}),
      textures: {
        ...(skin ? { SKIN: { url: textureUrl(skin.hash), ...(skin.variant === 'slim' ? { metadata: { model: 'slim' } } : {}) } } : {}),
        ...(cape ? { CAPE: { url: textureUrl(cape.hash) } } : {}),
      },
    }
    const value = encodeTexturesValue(payload)
    return signed ? { name: 'textures', value, signature: await signValue(foreignKey ?? signingKey, value) } : { name: 'textures', value }
  }

  /** minecraftservices profile shape (skins[{id,state,url,variant}], capes[]). */
  const servicesProfile = (p: Player) => ({
    id: p.id,
    name: p.name,
    skins: p.skin
      ? [{ id: p.skin.skinId, state: 'ACTIVE', url: textureUrl(p.skin.hash), textureKey: trimmedTextureHash(p.skin.hash), variant: p.skin.variant.toUpperCase() }]
      : [],
    capes: p.capes.map((c) => ({ id: c.id, state: c.id === p.activeCape ? 'ACTIVE' : 'INACTIVE', url: textureUrl(c.hash), alias: c.alias })),
  })

  async function storeSkin(png: Uint8Array): Promise<string> {
    const skin = await readSkinImage(png)
    textures.set(skin.textureHash, skin.png)
    return skin.textureHash
  }

  async function uploadSkin(req: Request, path: string): Promise<Response> {
    const token = req.headers.get('authorization')?.match(/^Bearer (.+)$/)?.[1]
    const player = playerOf(token)
    if (!player) return mojangError(401, path, 'Unauthorized', 'UnauthorizedOperationException')
    // Arrival: the moment the request reached the host, before its body is read.
    const at = now()
    const strict = opts.minChangeIntervalMs ?? 0
    const previous = lastChangeAt.get(player.id)
    if (rateLimited.has(token!) || (strict > 0 && previous !== undefined && at - previous < strict)) {
      changes.push({ accountId: player.id, at, status: 429 })
      return mojangError(429, path, 'Too many requests', 'TooManyRequestsException')
    }
    const res = await changeSkin(req, path, player)
    changes.push({ accountId: player.id, at, status: res.status })
    if (res.ok) lastChangeAt.set(player.id, at)
    return res
  }

  async function changeSkin(req: Request, path: string, player: Player): Promise<Response> {
    if (req.headers.get('content-type')?.startsWith('application/json')) return setSkinFromUrl(req, path, player)
    let form: FormData
    try {
      form = await req.formData()
    } catch {
      return mojangError(400, path, 'Content is not multipart/form-data', 'IllegalArgumentException')
    }
    const variant = String(form.get('variant') ?? '').toLowerCase()
    const file = form.get('file')
    if ((variant !== 'classic' && variant !== 'slim') || !(file instanceof Blob)) {
      return mojangError(400, path, 'variant (classic|slim) and file are required', 'IllegalArgumentException')
    }
    let hash: string
    try {
      hash = await storeSkin(new Uint8Array(await file.arrayBuffer()))
    } catch (e) {
      return mojangError(400, path, e instanceof ApiError ? e.message : 'Could not read the skin', 'IllegalArgumentException')
    }
    player.previousSkin = player.skin
    player.skin = { hash, variant, skinId: crypto.randomUUID() }
    player.lagReads = player.lag
    return json(servicesProfile(player))
  }

  /** `{variant, url}`: a skin set from a URL; only the stand-in's own texture URLs are accepted. */
  async function setSkinFromUrl(req: Request, path: string, player: Player): Promise<Response> {
    const body = (await req.json().catch(() => null)) as { variant?: string; url?: string } | null
    const variant = String(body?.variant ?? '').toLowerCase()
    const hash = body?.url?.startsWith(`${texturesBase}/texture/`) ? body.url.slice(`${texturesBase}/texture/`.length).padStart(64, '0') : undefined
    if ((variant !== 'classic' && variant !== 'slim') || !hash || !textures.has(hash)) return mojangError(400, path, 'variant and a known texture url are required', 'IllegalArgumentException')
    player.previousSkin = player.skin
    player.skin = { hash, variant, skinId: crypto.randomUUID() }
    player.lagReads = player.lag
    return json(servicesProfile(player))
  }

  /**
   * `PUT …/capes/active` `{capeId}` shows one of the player's own capes, `DELETE` hides the shown one;
   * both answer the services profile. Not a skin change: `changes` and the strict interval ignore them.
   */
  async function setActiveCape(req: Request, path: string, token: string | undefined): Promise<Response> {
    const player = playerOf(token)
    if (!player) return mojangError(401, path, 'Unauthorized', 'UnauthorizedOperationException')
    if (rateLimited.has(token!)) return mojangError(429, path, 'Too many requests', 'TooManyRequestsException')
    if (req.method === 'DELETE') {
      delete player.activeCape
      return json(servicesProfile(player))
    }
    const body = (await req.json().catch(() => null)) as { capeId?: unknown } | null
    if (typeof body?.capeId !== 'string') return mojangError(400, path, 'capeId is required', 'IllegalArgumentException')
    const capeId = body.capeId.toLowerCase()
    const cape = player.capes.find((c) => c.id === capeId)
    if (!cape) return mojangError(400, path, 'Profile does not own cape', 'IllegalArgumentException')
    player.activeCape = cape.id
    return json(servicesProfile(player))
  }

  async function handle(req: Request): Promise<Response> {
    const url = new URL(req.url)
    const path = url.pathname
    const token = req.headers.get('authorization')?.match(/^Bearer (.+)$/)?.[1]
    requests.push({ method: req.method, path: path + url.search, ...(token ? { token } : {}) })
    const extra = await opts.extraRoutes?.(req, url)
    if (extra) return extra
    let m: RegExpMatchArray | null
    if (req.method === 'GET' && (m = path.match(/^\/api\/users\/profiles\/minecraft\/([^/]+)$/))) {
      const p = byName(decodeURIComponent(m[1]!))
      if (!p) return opts.unknownNameStatus === 204 ? new Response(null, { status: 204 }) : mojangError(404, path, `Couldn't find any profile with name ${m[1]}`, 'NOT_FOUND')
      return json({ id: p.id, name: p.name })
    }
    if (req.method === 'GET' && (m = path.match(/^\/session\/session\/minecraft\/profile\/([0-9a-fA-F-]{32,36})$/))) {
      const p = players.get(m[1]!.replaceAll('-', '').toLowerCase())
      if (!p) return new Response(null, { status: 204 })
      const signed = url.searchParams.get('unsigned') === 'false'
      return json({ id: p.id, name: p.name, properties: [await texturesProperty(p, signed)] })
    }
    if (req.method === 'GET' && (m = path.match(/^\/services\/minecraft\/profile\/lookup\/name\/([^/]+)$/))) {
      const p = byName(decodeURIComponent(m[1]!))
      return p ? json({ id: p.id, name: p.name }) : mojangError(404, path, `Couldn't find any profile with name ${m[1]}`, 'NOT_FOUND')
    }
    if (req.method === 'POST' && path === '/services/minecraft/profile/skins') return uploadSkin(req, path)
    if (req.method === 'GET' && path === '/services/minecraft/profile') {
      const p = playerOf(token)
      return p ? json(servicesProfile(p)) : mojangError(401, path, 'Unauthorized', 'UnauthorizedOperationException')
    }
    if ((req.method === 'PUT' || req.method === 'DELETE') && path === '/services/minecraft/profile/capes/active') return setActiveCape(req, path, token)
    if (req.method === 'GET' && (m = path.match(/^\/textures\/texture\/([0-9a-f]{1,64})$/))) {
      const png = textures.get(m[1]!.padStart(64, '0'))
      return png ? new Response(png, { headers: { 'content-type': 'image/png' } }) : new Response('Not found', { status: 404 })
    }
    return mojangError(404, path, 'Not found', 'NOT_FOUND')
  }

  const server: Server<unknown> = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: handle })
  const origin = `http://127.0.0.1:${server.port}`
  texturesBase = `${origin}/textures`

  async function addPlayer(name: string, skinPng?: Uint8Array, o: { slim?: boolean } = {}) {
    const p: Player = { id: uuid32(), name, lag: 0, lagReads: 0, capes: [] }
    if (skinPng) p.skin = { hash: await storeSkin(skinPng), variant: o.slim ? 'slim' : 'classic', skinId: crypto.randomUUID() }
    players.set(p.id, p)
    return { id: p.id, name: p.name, ...(p.skin ? { textureHash: p.skin.hash } : {}) }
  }

  /** Capes granted so far: numbers the generated cape textures. */
  let capeCount = 0

  async function grantCape(playerId: string, o: GrantCapeOptions): Promise<StandInCape> {
    const player = players.get(playerId)
    if (!player) throw new Error(`no player ${playerId}`)
    capeCount++
    // Hashed like skins (readSkinImage accepts 64x32): the Mojang re-encode's SHA-256.
    const image = o.png ? await readSkinImage(o.png) : await skinFromRgba(makeCapeRgba(capeCount), 64, 32)
    textures.set(image.textureHash, image.png)
    const cape = { id: (o.id ?? crypto.randomUUID()).toLowerCase(), alias: o.alias, hash: image.textureHash }
    player.capes.push(cape)
    if (o.active) player.activeCape = cape.id
    return { id: cape.id, textureHash: cape.hash, url: textureUrl(cape.hash) }
  }

  for (let i = 0; i < (opts.accounts ?? 2); i++) {
    const { id, name } = await addPlayer(`PoolAccount${i + 1}`)
    const accessToken = `token-${uuid32()}`
    byToken.set(accessToken, players.get(id)!)
    accounts.push({ id, name, accessToken })
  }

  return {
    apiBase: `${origin}/api`,
    sessionBase: `${origin}/session`,
    servicesBase: `${origin}/services`,
    texturesBase,
    publicKeyPem: signingKey.publicKeyPem,
    accounts,
    requests,
    changes,
    env: {
      MOJANG_API_BASE: `${origin}/api`,
      MOJANG_SESSION_BASE: `${origin}/session`,
      MOJANG_SERVICES_BASE: `${origin}/services`,
      MOJANG_TEXTURES_BASE: texturesBase,
      MOJANG_SIGNATURE_KEY: signingKey.publicKeyPem,
    },
    async setForeignSigner(on) {
      foreignKey = on ? (foreignKey ?? (await generateSigningKey(opts.keyBits ?? 2048)).key) : null
    },
    addPlayer,
    setRateLimited: (token, limited) => void (limited ? rateLimited.add(token) : rateLimited.delete(token)),
    setProfileLag: (token, reads) => {
      const p = byToken.get(token)
      if (p) p.lag = reads
    },
    texture: (hash) => textures.get(hash.padStart(64, '0')),
    issueToken(playerId, expiresAt) {
      const player = players.get(playerId)
      if (!player) throw new Error(`no player ${playerId}`)
      const token = `mc-${uuid32()}`
      byToken.set(token, player)
      tokenExpiry.set(token, expiresAt)
      return token
    },
    skinUrl: (playerId) => {
      const skin = players.get(playerId)?.skin
      return skin ? textureUrl(skin.hash) : undefined
    },
    grantCape,
    profileOf(playerId) {
      const p = players.get(playerId)
      if (!p) return undefined
      return {
        ...(p.skin ? { skin: { hash: p.skin.hash, variant: p.skin.variant, url: textureUrl(p.skin.hash) } } : {}),
        ...(p.activeCape ? { activeCape: p.activeCape } : {}),
      }
    },
    origin,
    stop: () => server.stop(true),
  }
}
