/**
 * The "Minecraft account" page (docs/wear.md). Unlinked: what linking lets the site do and what it
 * never does, then the consent box and "Link with Microsoft". Linked: the profile as Minecraft reports
 * it (head, name, current skin, owned capes), "sign in again" when the saved sign-in stopped working,
 * the skins worn through the site with "wear again", and "Unlink". Plain forms only: all of it works
 * without JavaScript.
 * @module
 */
import type { Context } from 'hono'
import type { LinkView, WornSkin } from '../../api/wear/wardrobe'
import { skinPath } from '../../shared/routes'
import { href } from '../context'
import type { AccountsEnv } from '../env'
import { formatTime, SectionTabs } from '../routes/keys-shared'
import { Message } from './form-parts'
import { MINECRAFT_PATH, SkinHead, WearForm } from './minecraft-parts'

/** Messages, and the skin the user came to wear (linking first). */
export interface MinecraftPageState {
  notice?: string
  error?: string
  /** The skin of a "wear" click without a link (one the user may see): offered once the account is linked. */
  wear?: WearPreview
}

/** The skin a "wear it now" offer names. */
export interface WearPreview {
  uuid: string
  name: string | null
  textureHash: string
}

/** The page body. */
export function MinecraftPage({ c, link, history, state }: { c: Context<AccountsEnv>; link: LinkView | null; history: WornSkin[]; state: MinecraftPageState }) {
  const t = c.get('t')
  return (
    <>
      <SectionTabs c={c} current={MINECRAFT_PATH} />
      <section className="card" aria-labelledby="minecraft-title">
        <h1 id="minecraft-title" className="card__title">
          {t('accounts.minecraft.title')}
        </h1>
        <Message kind="success" text={state.notice} />
        <Message kind="error" text={state.error} />
        {link ? <Linked c={c} link={link} wear={state.wear} /> : <LinkForm c={c} wear={state.wear} />}
      </section>
      {/* What was worn stays the user's after unlinking (docs/wear.md). */}
      {(link || history.length > 0) && <History c={c} history={history} />}
      {link && <Unlink c={c} name={link.name} />}
    </>
  )
}

/** What linking means, and the form that starts it. */
function LinkForm({ c, wear }: { c: Context<AccountsEnv>; wear?: WearPreview }) {
  const t = c.get('t')
  return (
    <>
      {wear && (
        <div className="notice minecraft-wear-offer">
          <SkinHead c={c} hash={wear.textureHash} size={40} />
          <p>{t('accounts.minecraft.wearAfterLink')}</p>
        </div>
      )}
      <p className="field-hint--muted">{t('accounts.minecraft.intro')}</p>
      <h2 className="accounts-b__subtitle">{t('accounts.minecraft.consentTitle')}</h2>
      <ul className="signing-consent" data-testid="minecraft-consent">
        <li>{t('accounts.minecraft.consentCan')}</li>
        <li>{t('accounts.minecraft.consentNever')}</li>
        <li>{t('accounts.minecraft.consentToken')}</li>
      </ul>
      <form method="post" action={href(c, `${MINECRAFT_PATH}/link`)} className="accounts-b__form minecraft-link">
        {wear && <input type="hidden" name="wear" value={wear.uuid} />}
        <label className="accounts-b__check">
          <input type="checkbox" name="agree" value="1" required />
          <span>{t('accounts.minecraft.agree')}</span>
        </label>
        <button type="submit" className="button button--primary">
          {t('accounts.minecraft.link')}
        </button>
      </form>
    </>
  )
}

/** The linked profile. */
function Linked({ c, link, wear }: { c: Context<AccountsEnv>; link: LinkView; wear?: WearPreview }) {
  const t = c.get('t')
  const locale = c.get('locale')
  return (
    <>
      <div className="accounts__who minecraft-who">
        <SkinHead c={c} hash={link.skin?.hash} />
        <div>
          <p className="accounts__who-name" data-testid="minecraft-name">
            {link.name}
          </p>
          <p className="field-hint--muted">{t('accounts.minecraft.linkedTitle')}</p>
        </div>
      </div>
      {link.needsSignIn && (
        <form method="post" action={href(c, `${MINECRAFT_PATH}/link`)} className="accounts-b__form" data-error-code="link_needs_sign_in">
          <p className="notice notice--error" role="alert">
            {t('accounts.minecraft.needsSignIn')}
          </p>
          <input type="hidden" name="agree" value="1" />
          <button type="submit" className="button button--primary">
            {t('accounts.minecraft.signInAgain')}
          </button>
        </form>
      )}
      {link.readError && !link.needsSignIn && <p className="field-hint--muted">{t('accounts.minecraft.readStale')}</p>}
      <dl className="minecraft-facts">
        <div>
          <dt>{t('accounts.minecraft.current')}</dt>
          <dd data-testid="minecraft-current" data-hash={link.skin?.hash ?? ''} data-variant={link.skin?.variant ?? ''}>
            {link.skin ? t(link.skin.variant === 'slim' ? 'pages.skin.slim' : 'pages.skin.classic') : t('accounts.minecraft.currentNone')}
          </dd>
        </div>
        <div>
          <dt>{t('accounts.minecraft.capes')}</dt>
          <dd>{link.capes.length === 0 ? t('accounts.minecraft.capesNone') : link.capes.map((cape) => `${cape.alias || cape.id}${cape.active ? ` (${t('accounts.minecraft.capeWorn')})` : ''}`).join(', ')}</dd>
        </div>
      </dl>
      {wear && !link.needsSignIn && (
        <div className="minecraft-wear-offer" data-testid="wear-offer" data-skin={wear.uuid}>
          <SkinHead c={c} hash={wear.textureHash} size={40} />
          <p className="minecraft-history__text">
            <a href={new URL(c.get('deps').appOrigin).origin + skinPath(wear.uuid, locale)}>{wear.name || t('accounts.minecraft.unnamed')}</a>
          </p>
          <WearForm c={c} uuid={wear.uuid} back={skinPath(wear.uuid, locale)} label={t('accounts.minecraft.wearNow')} primary />
        </div>
      )}
    </>
  )
}

/** The skins worn through the site, newest first, each with "wear again". */
function History({ c, history }: { c: Context<AccountsEnv>; history: WornSkin[] }) {
  const t = c.get('t')
  const locale = c.get('locale')
  const app = new URL(c.get('deps').appOrigin).origin
  return (
    <section className="card" aria-labelledby="minecraft-history">
      <h2 id="minecraft-history" className="card__title">
        {t('accounts.minecraft.historyTitle')}
      </h2>
      {history.length === 0 ? (
        <p className="field-hint--muted">{t('accounts.minecraft.historyEmpty')}</p>
      ) : (
        <ul className="accounts-b__list minecraft-history">
          {history.map((h, i) => (
            <li key={`${h.skinUuid}-${h.wornAt}-${i}`} className="minecraft-history__item" data-testid="worn-skin" data-skin={h.skinUuid}>
              <SkinHead c={c} hash={h.textureHash} size={40} />
              <div className="minecraft-history__text">
                <a href={app + skinPath(h.skinUuid, locale)}>{h.skinName || t('accounts.minecraft.unnamed')}</a>
                <small className="field-hint--muted">{t('accounts.minecraft.wornAt', { time: formatTime(locale, h.wornAt) })}</small>
              </div>
              <WearForm c={c} uuid={h.skinUuid} label={t('accounts.minecraft.wearAgain')} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** Unlinking, with a confirmation box. */
function Unlink({ c, name }: { c: Context<AccountsEnv>; name: string }) {
  const t = c.get('t')
  return (
    <section className="card" aria-labelledby="minecraft-unlink">
      <h2 id="minecraft-unlink" className="card__title">
        {t('accounts.minecraft.unlinkTitle')}
      </h2>
      <p className="field-hint--muted">{t('accounts.minecraft.unlinkText')}</p>
      <form method="post" action={href(c, `${MINECRAFT_PATH}/unlink`)} className="accounts-b__form minecraft-unlink">
        <label className="accounts-b__check">
          <input type="checkbox" name="confirm" value="1" required />
          <span>{t('accounts.minecraft.unlinkConfirm', { name })}</span>
        </label>
        <button type="submit" className="button button--outlined">
          {t('accounts.minecraft.unlink')}
        </button>
      </form>
    </section>
  )
}
