/**
 * `GET /challenge`: an anti-bot challenge for the credential forms' script to
 * solve ahead (JSON; `null` when the site runs without anti-bot checks), and the form props that
 * point at it.
 * @module
 */
import type { Context, Hono } from 'hono'
import { href } from '../context'
import type { AccountsEnv } from '../env'
import type { ProofProps } from '../render/auth-forms'

/** Where a form's script fetches its challenge, and the button text while it solves one late. */
export const proofProps = (c: Context<AccountsEnv>): ProofProps => ({ proofUrl: href(c, '/challenge'), waiting: c.get('t')('accounts.proof.checking') })

/** Registers the challenge route. */
export function registerProofRoutes(app: Hono<AccountsEnv>) {
  app.get('/challenge', async (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json((await c.get('deps').antibot.challenge()) ?? null)
  })
}
