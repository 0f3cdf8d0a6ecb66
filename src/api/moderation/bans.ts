/**
 * Bans set from the report queue: a banned texture hash is refused on every
 * future generate, as MineSkin removes banned images by hash; a banned tag cannot be added again.
 * Both answer a stable 4xx code so clients and the generate form can say why.
 * @module
 */
import { ApiError } from '../errors'
import type { SqlClient } from '../store/sql'

/** 403 `texture_banned`: a moderator banned this skin image. */
export const textureBanned = () => new ApiError('texture_banned', 'This skin image was banned by a moderator and cannot be generated', 403)

/** 400 `tag_banned`: a moderator banned this tag. */
export const tagBanned = (tag: string) => new ApiError('tag_banned', `The tag "${tag}" was banned by a moderator`, 400)

/** Throws {@link textureBanned} when `textureHash` is banned. */
export async function refuseBannedTexture(sql: SqlClient, textureHash: string): Promise<void> {
  if (await sql.get('SELECT 1 AS x FROM banned_textures WHERE texture_hash = ?', [textureHash])) throw textureBanned()
}

/** Throws {@link tagBanned} when `tag` is banned. */
export async function refuseBannedTag(sql: SqlClient, tag: string): Promise<void> {
  if (await sql.get('SELECT 1 AS x FROM banned_tags WHERE tag = ?', [tag])) throw tagBanned(tag)
}
