/**
 * Small parts of the Minecraft-account pages (docs/wear.md): where they live, the head of a skin as
 * the app's renderer draws it, and the "wear" form every page of the app posts.
 * @module
 */
import type { Context } from 'hono'
import { renderUrl } from '../../shared/render-url'
import { href } from '../context'
import type { AccountsEnv } from '../env'

/** Path of the Minecraft-account page under the account site's base. */
export const MINECRAFT_PATH = '/minecraft'

/**
 * The head of a texture, drawn by the app's renderer (the account pages may load images from the app
 * origin, ./page-policy.ts). Without a hash (no skin of its own) nothing is drawn.
 */
export function SkinHead({ c, hash, size = 64 }: { c: Context<AccountsEnv>; hash: string | null | undefined; size?: number }) {
  if (!hash) return null
  const src = new URL(renderUrl({ textureHash: hash, view: 'head' }), c.get('deps').appOrigin).href
  return <img className="minecraft-head" src={src} width={size} height={size} alt="" data-testid="minecraft-head" data-hash={hash} />
}

/** A plain "wear" form for the skin `uuid`, coming back to `back` (an app path) afterwards. */
export function WearForm({ c, uuid, back, label, primary = false }: { c: Context<AccountsEnv>; uuid: string; back?: string; label: string; primary?: boolean }) {
  return (
    <form method="post" action={href(c, `${MINECRAFT_PATH}/wear`)} className="minecraft-wear-form">
      <input type="hidden" name="skin" value={uuid} />
      {back && <input type="hidden" name="back" value={back} />}
      <button type="submit" className={primary ? 'button button--primary' : 'button button--outlined'}>
        {label}
      </button>
    </form>
  )
}
