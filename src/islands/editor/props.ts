/**
 * What the `/editor` page (src/server/pages/editor-page.tsx) hands the skin editor island: where to
 * open from, as the visitor asked in the query (`?skin=`, `?player=`, `?url=`). The server resolves a
 * gallery skin as the visitor (a private one only for its owner) and checks the shape of the others;
 * the island fetches the player's skin and the URL's image through the API's editor import.
 * @module
 */

/** A gallery skin the visitor may see: its texture is same-origin `/textures/{texture}`. */
export interface EditorSkinSource {
  kind: 'skin'
  /** The skin's uuid (32 hex): the new skin's `remixOf` when signed. */
  uuid: string
  /** Its texture hash. */
  texture: string
  /** Its name as the skin page shows it (the short id when it has none). */
  name: string
  /** True for the slim (3-px arm) model. */
  slim: boolean
}

/** Where the editor opens from. */
export type EditorSource = EditorSkinSource | { kind: 'player'; /** A player name or uuid, as typed. */ name: string } | { kind: 'url'; /** An http(s) image URL. */ url: string }

/** Props of the `skin-editor` island. */
export interface SkinEditorProps {
  /** What to open; absent: the blank template (or the visitor's drafts). */
  source?: EditorSource
  /** A name to suggest when signing (the gallery skin's own name). */
  defaultName?: string
  /**
   * Feature flag `web.visibility.private` (SPEC §2), as the generate form gets it: the sign form offers
   * "private" when it is on and the visitor holds `private_skins`. Absent: off.
   */
  privateFlag?: boolean
  /**
   * The query named something the page could not open, and its notice says so: start a blank skin
   * (the visitor's drafts stay listed) instead of bringing the last draft back.
   */
  blank?: boolean
  /**
   * The account site's base (app option `accountUrl`): with a linked Minecraft account, a signed skin
   * is offered to wear there ("Wear it"). Absent: the editor opens the new skin's page, as without one.
   */
  accountUrl?: string
}
