/**
 * The skin editor's import (our extension, docs/api.md "Editor import"): a player's current skin or
 * an image URL's PNG, fetched by the API the way generate fetches its inputs, answered as PNG bytes.
 * @module
 */
import { z } from 'zod'

/** Query of `GET /v2/editor/import`: exactly one of `user` and `url` (checked by the route, with its own codes). */
export const editorImportQuerySchema = z.object({
  user: z.string().optional().meta({ description: 'A player name or uuid (32 hex digits or dashed): their current skin. Not a name or uuid → 400 `invalid_user`.' }),
  url: z.string().optional().meta({ description: 'An http(s) image URL of at most 256 characters, fetched under the generate URL rules. Anything else → 400 `invalid_image_url`.' }),
})
/** Editor import query. */
export type EditorImportQuery = z.infer<typeof editorImportQuerySchema>

/** The skin model the import answer names in its `X-Skin-Variant` header. */
export const EDITOR_VARIANT_HEADER = 'X-Skin-Variant'
