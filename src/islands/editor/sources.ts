/**
 * Where a skin comes into the editor from (the contract's "Sources"): a gallery skin (its texture,
 * same-origin `/textures/{hash}`), a player's current skin or an image URL (the API's editor import,
 * `GET /api/v2/editor/import`, which fetches through the site's safe fetcher), or a PNG the visitor
 * uploads, pastes or drops. Every failure is a {@link SourceError} with a stable code the island
 * words in the visitor's language. Legacy 64×32 skins are expanded by the core decoder.
 * @module
 */
import { CLIENT_HEADER } from '../../shared/constants'
import { decodeSkinPng, EditorImportError } from '../../shared/skin-editor/codec'
import { inferModel } from '../../shared/skin-editor/convert'
import type { Model, SkinTexture } from '../../shared/skin-editor/texture'

/** Why a source could not be opened (the core decoder's codes, the import endpoint's, and the network's). */
export type SourceErrorCode =
  | 'not_png'
  | 'bad_size'
  | 'too_large'
  | 'bad_png'
  | 'texture_missing'
  | 'invalid_user'
  | 'player_not_found'
  | 'player_without_skin'
  | 'invalid_image_url'
  | 'blocked_url_host'
  | 'invalid_image'
  | 'rate_limit'
  | 'upstream'
  | 'network'

/** Every code, so anything else the server says reads as `upstream`. */
const IMPORT_CODES = new Set<string>(['invalid_user', 'player_not_found', 'player_without_skin', 'invalid_image_url', 'blocked_url_host', 'invalid_image', 'rate_limit'])

/** A source that could not be opened. */
export class SourceError extends Error {
  constructor(
    readonly code: SourceErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'SourceError'
  }
}

/** A skin ready to edit. */
export interface LoadedSkin {
  texture: SkinTexture
  model: Model
  /** It was a 64×32 skin, expanded. */
  legacy: boolean
  /** A name to start the draft with ('' for none). */
  name: string
  /** The gallery skin it is a copy of. */
  remixOf?: { uuid: string; name: string }
}

/** What the island asks for. */
export type SourceRequest =
  | { kind: 'skin'; uuid: string; texture: string; name: string; slim: boolean }
  | { kind: 'player'; name: string }
  | { kind: 'url'; url: string }

/** The largest file the editor reads (a skin PNG is far smaller; the core decoder refuses large textures itself). */
export const MAX_FILE_BYTES = 1_000_000

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>

/** Decodes PNG bytes, turning the core's refusal into a {@link SourceError}. */
export function decodeBytes(bytes: Uint8Array): { texture: SkinTexture; legacy: boolean } {
  try {
    return decodeSkinPng(bytes)
  } catch (error) {
    if (error instanceof EditorImportError) throw new SourceError(error.code, error.message)
    throw new SourceError('bad_png', error instanceof Error ? error.message : String(error))
  }
}

async function fetched(fetchFn: FetchLike, url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetchFn(url, init)
  } catch (error) {
    throw new SourceError('network', error instanceof Error ? error.message : String(error))
  }
}

/** The model a variant header or flag names, else the one the pixels suggest. */
const modelOf = (variant: string | null, texture: SkinTexture, legacy: boolean): Model =>
  variant === 'slim' || variant === 'classic' ? variant : legacy ? 'classic' : inferModel(texture)

/** Opens the requested source. */
export async function loadSource(request: SourceRequest, fetchFn: FetchLike = (input, init) => fetch(input, init)): Promise<LoadedSkin> {
  if (request.kind === 'skin') {
    const response = await fetched(fetchFn, `/textures/${encodeURIComponent(request.texture)}`)
    if (!response.ok) throw new SourceError('texture_missing', `HTTP ${response.status}`)
    const { texture, legacy } = decodeBytes(new Uint8Array(await response.arrayBuffer()))
    // The gallery's variant is what the skin was signed as: it wins over a guess from the pixels.
    return { texture, legacy, model: request.slim ? 'slim' : 'classic', name: request.name, remixOf: { uuid: request.uuid, name: request.name } }
  }
  const query = request.kind === 'player' ? `user=${encodeURIComponent(request.name.trim())}` : `url=${encodeURIComponent(request.url.trim())}`
  const response = await fetched(fetchFn, `/api/v2/editor/import?${query}`, { headers: { [CLIENT_HEADER.name]: CLIENT_HEADER.value } })
  if (!response.ok) throw await importError(response)
  const { texture, legacy } = decodeBytes(new Uint8Array(await response.arrayBuffer()))
  const name = request.kind === 'player' ? request.name.trim() : ''
  return { texture, legacy, model: modelOf(response.headers.get('x-skin-variant'), texture, legacy), name }
}

/** The error of a refused import: the envelope's first code when it is one we word. */
async function importError(response: Response): Promise<SourceError> {
  let code = ''
  let message = `HTTP ${response.status}`
  try {
    const body = (await response.json()) as { errors?: { code?: unknown; message?: unknown }[] }
    const first = body.errors?.[0]
    if (typeof first?.code === 'string') code = first.code
    if (typeof first?.message === 'string') message = first.message
  } catch {
    // Not the API's envelope (a proxy's page): the status says enough.
  }
  if (response.status === 429) return new SourceError('rate_limit', message)
  return new SourceError(IMPORT_CODES.has(code) ? (code as SourceErrorCode) : 'upstream', message)
}

/** Opens a PNG file the visitor chose, pasted or dropped. */
export async function loadFile(file: Blob & { name?: string }): Promise<LoadedSkin> {
  if (file.type && file.type !== 'image/png') throw new SourceError('not_png', file.type)
  if (file.size > MAX_FILE_BYTES) throw new SourceError('too_large', `${file.size} bytes`)
  const { texture, legacy } = decodeBytes(new Uint8Array(await file.arrayBuffer()))
  // A name the API takes (SKIN_NAME: Latin letters, digits, space, _ . -).
  const name = (file.name ?? '').replace(/\.png$/i, '').replace(/[^a-zA-Z0-9 _.-]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 48)
  return { texture, legacy, model: legacy ? 'classic' : inferModel(texture), name }
}
