/**
 * "Wear it" on the account site (docs/wear.md): `/minecraft` links the signed-in user's own Minecraft
 * account through Microsoft's device-code sign-in, shows it and what they wore, and unlinks it;
 * `POST /minecraft/wear` puts a skin on it — the form every skin page, My Skins card and the editor
 * posts. Everything acts on the signed-in user's own link (no route names a link), every POST passes
 * the app-wide Origin check (CSRF, ../app.tsx), and all of it works with plain forms. With
 * `Accept: application/json` the wear answer is JSON for scripts of the app.
 * @module
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import { PoolSignInError } from '../../api/signing/pool/microsoft/errors'
import type { Wardrobe } from '../../api/wear/wardrobe'
import { WearError, type WearErrorCode } from '../../api/wear/wear-errors'
import { skinPath } from '../../shared/routes'
import { formFields, href } from '../context'
import { currentUser, type AccountUser } from '../current-user'
import type { AccountsEnv } from '../env'
import { requireUser } from '../require-user'
import { DeviceCodeSteps } from '../render/device-code-steps'
import { Message } from '../render/form-parts'
import { MinecraftPage, type MinecraftPageState } from '../render/minecraft-page'
import { MINECRAFT_PATH } from '../render/minecraft-parts'
import { WearDonePage, WearFailedPage } from '../render/minecraft-wear-result'
import { SignOutButton } from '../render/sign-out-button'
import { renderPage, type PageStatus } from '../render/shell'
import { SIGN_IN_ERROR } from '../render/signing-accounts-labels'
import { webCookie } from '../services/tokens'

/** A skin uuid as the forms send it (32 hex, or dashed). */
const skinUuid = (value: string | undefined) => {
  const id = (value ?? '').replaceAll('-', '').toLowerCase()
  return /^[0-9a-f]{32}$/.test(id) ? id : undefined
}

/** A path of the app to go back to: same origin only (a leading `/`, never `//` or `/\`). */
const appPath = (value: string | undefined) => (value && value.length <= 512 && /^\/(?![/\\])[^\s]*$/.test(value) ? value : undefined)

/** The signed-in user and the wardrobe, or the page to answer instead. */
async function signedIn(c: Context<AccountsEnv>, back: string): Promise<{ user: AccountUser; wardrobe: Wardrobe } | Response> {
  const wardrobe = c.get('deps').wardrobe
  if (!wardrobe) return unavailable(c)
  const user = await requireUser(c, back)
  if (user instanceof Response) return user
  return { user, wardrobe }
}

function unavailable(c: Context<AccountsEnv>) {
  const t = c.get('t')
  return renderPage(
    c,
    t('accounts.minecraft.title'),
    <section className="card accounts__card">
      <h1 className="card__title">{t('accounts.minecraft.title')}</h1>
      <Message kind="error" text={t('accounts.minecraft.unavailable')} />
      <a className="button button--outlined" href={href(c, '/manage')}>
        {t('accounts.nav.manage')}
      </a>
    </section>,
    { status: 404 },
  )
}

/** The Minecraft-account page. */
async function accountPage(c: Context<AccountsEnv>, user: AccountUser, wardrobe: Wardrobe, state: MinecraftPageState = {}, status: PageStatus = 200) {
  const [link, history] = await Promise.all([wardrobe.view(user.id), wardrobe.history(user.id)])
  return renderPage(c, c.get('t')('accounts.minecraft.title'), <MinecraftPage c={c} link={link} history={history} state={state} />, { status, actions: <SignOutButton c={c} /> })
}

/** Sends a fresh `ssg_web` (its `minecraft` claim changed). */
async function refreshWebCookie(c: Context<AccountsEnv>, user: AccountUser) {
  c.header('Set-Cookie', await webCookie(c.get('deps'), user, c.get('origin')), { append: true })
}

/** Where a started link sign-in is watched. */
const signInHref = (c: Context<AccountsEnv>, id: string, wear?: string) => href(c, `${MINECRAFT_PATH}/sign-in/${encodeURIComponent(id)}`, { wear })

/** Builds the `/minecraft` routes. */
export function minecraftRoutes() {
  const app = new Hono<AccountsEnv>()

  app.get(MINECRAFT_PATH, async (c) => {
    const s = await signedIn(c, MINECRAFT_PATH)
    if (s instanceof Response) return s
    const t = c.get('t')
    const done = c.req.query('done')
    const link = done === 'linked' ? await s.wardrobe.view(s.user.id) : null
    const notice = done === 'unlinked' ? t('accounts.minecraft.done.unlinked') : link ? t('accounts.minecraft.done.linked', { name: link.name }) : undefined
    const wearId = skinUuid(c.req.query('wear'))
    const wear = wearId ? await s.wardrobe.preview(s.user.id, wearId) : null
    return accountPage(c, s.user, s.wardrobe, { ...(notice ? { notice } : {}), ...(wear ? { wear } : {}) })
  })

  // Link (or sign in again): the consent box must be ticked; then Microsoft's device code is shown.
  app.post(`${MINECRAFT_PATH}/link`, async (c) => {
    const s = await signedIn(c, MINECRAFT_PATH)
    if (s instanceof Response) return s
    const f = await formFields(c)
    const wear = skinUuid(f.wear)
    if (f.agree !== '1') {
      const preview = wear ? await s.wardrobe.preview(s.user.id, wear) : null
      return accountPage(c, s.user, s.wardrobe, { error: c.get('t')('accounts.minecraft.agreeMissing'), ...(preview ? { wear: preview } : {}) }, 400)
    }
    try {
      const started = await s.wardrobe.startLink(s.user.id)
      return c.redirect(signInHref(c, started.id, wear), 303)
    } catch (e) {
      if (!(e instanceof PoolSignInError)) throw e
      return accountPage(c, s.user, s.wardrobe, { error: c.get('t')(SIGN_IN_ERROR[e.code]) }, e.code === 'sign_in_rate_limited' ? 429 : 400)
    }
  })

  // The waiting page: each view asks the flow, which polls Microsoft only when the interval is due.
  app.get(`${MINECRAFT_PATH}/sign-in/:id`, async (c) => {
    const s = await signedIn(c, MINECRAFT_PATH)
    if (s instanceof Response) return s
    const t = c.get('t')
    const wear = skinUuid(c.req.query('wear'))
    const view = await s.wardrobe.checkLink(s.user.id, c.req.param('id'))
    if (!view) return accountPage(c, s.user, s.wardrobe, { error: t('accounts.minecraft.signIn.notFound') }, 404)
    if (view.status === 'done') {
      await refreshWebCookie(c, s.user)
      return c.redirect(href(c, MINECRAFT_PATH, { done: 'linked', wear }), 303)
    }
    if (view.status === 'failed') {
      return renderPage(
        c,
        t('accounts.minecraft.signIn.failedTitle'),
        <section className="card accounts__card" aria-labelledby="sign-in-title">
          <h1 id="sign-in-title" className="card__title">
            {t('accounts.minecraft.signIn.failedTitle')}
          </h1>
          <Message kind="error" text={t(view.errorCode ? SIGN_IN_ERROR[view.errorCode] : 'accounts.signing.errors.sign_in_unavailable')} />
          <form method="post" action={href(c, `${MINECRAFT_PATH}/link`)} className="accounts__links">
            {/* The user agreed on the form that started this sign-in; trying again keeps that answer. */}
            <input type="hidden" name="agree" value="1" />
            {wear && <input type="hidden" name="wear" value={wear} />}
            <button type="submit" className="button button--primary">
              {t('accounts.signing.signIn.tryAgain')}
            </button>
            <a className="button button--outlined" href={href(c, MINECRAFT_PATH)}>
              {t('accounts.minecraft.toAccount')}
            </a>
          </form>
        </section>,
        { actions: <SignOutButton c={c} /> },
      )
    }
    return renderPage(
      c,
      t('accounts.minecraft.signIn.title'),
      <DeviceCodeSteps c={c} view={view} title={t('accounts.minecraft.signIn.title')} selfHref={signInHref(c, view.id, wear)} cancelHref={href(c, MINECRAFT_PATH)} />,
      { actions: <SignOutButton c={c} /> },
    )
  })

  // Unlinking deletes the sealed tokens at once.
  app.post(`${MINECRAFT_PATH}/unlink`, async (c) => {
    const s = await signedIn(c, MINECRAFT_PATH)
    if (s instanceof Response) return s
    const f = await formFields(c)
    if (f.confirm !== '1') return accountPage(c, s.user, s.wardrobe, { error: c.get('t')('accounts.minecraft.unlinkMissing') }, 400)
    await s.wardrobe.unlink(s.user.id)
    await refreshWebCookie(c, s.user)
    return c.redirect(href(c, MINECRAFT_PATH, { done: 'unlinked' }), 303)
  })

  app.post(`${MINECRAFT_PATH}/wear`, async (c) => wear(c))
  // The wear answer is the POST's page; opened again (a new tab, a bookmark, another language) it
  // leads to the account page rather than to "page not found".
  app.get(`${MINECRAFT_PATH}/wear`, (c) => c.redirect(href(c, MINECRAFT_PATH), 303))

  return app
}

/** JSON answers for scripts (`Accept: application/json`), pages otherwise. */
const wantsJson = (c: Context<AccountsEnv>) => (c.req.header('accept') ?? '').includes('application/json')

/** `POST /minecraft/wear` (fields `skin`, `back`). */
async function wear(c: Context<AccountsEnv>) {
  const json = wantsJson(c)
  const f = await formFields(c)
  const uuid = skinUuid(f.skin)
  const app = new URL(c.get('deps').appOrigin).origin
  const back = appPath(f.back) ?? (uuid ? skinPath(uuid, c.get('locale')) : undefined)
  const backUrl = back ? app + back : null
  const user = await currentUser(c)
  if (!user) {
    if (json) return c.json({ success: false, errors: [{ code: 'not_signed_in', message: 'Sign in to wear skins.' }] }, 401)
    // A POST cannot be replayed after signing in: come back to the skin and click again.
    return c.redirect(href(c, '/', { redirect: backUrl ?? href(c, MINECRAFT_PATH) }), 303)
  }
  const wardrobe = c.get('deps').wardrobe
  if (!wardrobe) return json ? c.json({ success: false, errors: [{ code: 'not_available', message: 'Linking a Minecraft account is not available on this server.' }] }, 404) : unavailable(c)
  const refused = (code: WearErrorCode, status: 400 | 404 | 409 | 429 | 503, message: string, retryAt?: number) => {
    if (retryAt !== undefined) c.header('Retry-After', String(Math.max(1, Math.ceil((retryAt - Date.now()) / 1000))))
    return json
      ? c.json({ success: false, errors: [{ code, message }], ...(retryAt !== undefined ? { retryAt } : {}) }, status)
      : renderPage(c, c.get('t')('accounts.minecraft.wearFailedTitle'), <WearFailedPage c={c} code={code} retryAt={retryAt} back={backUrl} />, { status, actions: <SignOutButton c={c} /> })
  }
  if (!uuid) return refused('skin_not_found', 404, new WearError('skin_not_found').publicMessage)
  try {
    const result = await wardrobe.wear(user.id, uuid)
    await refreshWebCookie(c, user)
    if (json) return c.json({ success: true, profile: { id: result.profile.id, name: result.profile.name, skinUrl: result.profile.skin?.url ?? null, textureHash: result.profile.skin?.hash ?? null, variant: result.profile.skin?.variant ?? null }, cape: result.cape })
    return renderPage(c, c.get('t')('accounts.minecraft.wearDoneTitle'), <WearDonePage c={c} result={result} back={backUrl} />, { actions: <SignOutButton c={c} /> })
  } catch (e) {
    if (!(e instanceof WearError)) throw e
    // No link yet: link first; the page then offers to wear this skin.
    if (e.code === 'not_linked' && !json) return c.redirect(href(c, MINECRAFT_PATH, { wear: uuid }), 303)
    return refused(e.code, e.status, e.publicMessage, e.retryAt)
  }
}

/** Registers the Minecraft-account routes (route registry, ./index.ts). */
export const registerMinecraftRoutes = (app: Hono<AccountsEnv>) => {
  app.route('/', minecraftRoutes())
}
