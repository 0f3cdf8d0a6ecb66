/**
 * `GET /avatar/{userId}.svg`: the user's identicon. It depends on the id alone, so it is public and
 * cached for a long time; it reveals nothing but the id (already in the web token).
 * @module
 */
import type { Hono } from 'hono'
import type { AccountsEnv } from '../env'
import { identiconSvg } from '../services/identicon'

/** Registers the avatar route. */
export function registerAvatarRoute(app: Hono<AccountsEnv>) {
  app.get('/avatar/:file{[0-9a-f]{32}\\.svg}', (c) => {
    const id = c.req.param('file').slice(0, 32)
    c.header('Content-Type', 'image/svg+xml; charset=utf-8')
    c.header('Cache-Control', 'public, max-age=31536000, immutable')
    c.header('X-Content-Type-Options', 'nosniff')
    return c.body(identiconSvg(id))
  })
}
