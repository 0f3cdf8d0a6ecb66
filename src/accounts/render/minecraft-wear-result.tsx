/**
 * What a "wear" form answers without JavaScript (docs/wear.md): the account's head drawn from the
 * profile Mojang returned after the change, whether the skin's cape is on, and the way back to the
 * skin; or, when nothing was changed, why, with when to try again and what to do.
 * @module
 */
import type { Context } from 'hono'
import type { WearResult } from '../../api/wear/wear-skin'
import type { WearErrorCode } from '../../api/wear/wear-errors'
import { href } from '../context'
import type { AccountsEnv } from '../env'
import { Message } from './form-parts'
import { CAPE_TEXT, WEAR_ERROR_TEXT } from './minecraft-labels'
import { MINECRAFT_PATH, SkinHead } from './minecraft-parts'

/** When to try again, to the second: Mojang's pace is seconds, not minutes. */
const retryTime = (locale: string, ms: number) => new Intl.DateTimeFormat(locale, { timeStyle: 'medium', timeZone: 'UTC' }).format(ms) + ' UTC'

/** The app URL to go back to (the skin's page), or null. */
type Back = string | null

/** After a change. */
export function WearDonePage({ c, result, back }: { c: Context<AccountsEnv>; result: WearResult; back: Back }) {
  const t = c.get('t')
  return (
    <section className="card accounts__card" aria-labelledby="wear-title" data-testid="wear-done">
      <h1 id="wear-title" className="card__title">
        {t('accounts.minecraft.wearDoneTitle')}
      </h1>
      <div className="accounts__who">
        <SkinHead c={c} hash={result.profile.skin?.hash} size={96} />
        <p className="accounts__who-name" data-testid="minecraft-name">
          {result.profile.name}
        </p>
      </div>
      <Message kind="success" text={t('accounts.minecraft.wearDone', { name: result.profile.name })} />
      {result.cape && <p data-testid="wear-cape" data-cape={result.cape}>{t(CAPE_TEXT[result.cape])}</p>}
      <p className="field-hint--muted">{t('accounts.minecraft.wearDoneHint')}</p>
      <Links c={c} back={back} />
    </section>
  )
}

/** When nothing was changed. */
export function WearFailedPage({ c, code, retryAt, back }: { c: Context<AccountsEnv>; code: WearErrorCode; retryAt?: number; back: Back }) {
  const t = c.get('t')
  return (
    <section className="card accounts__card" aria-labelledby="wear-title" data-error-code={code}>
      <h1 id="wear-title" className="card__title">
        {t('accounts.minecraft.wearFailedTitle')}
      </h1>
      <Message kind="error" text={t(WEAR_ERROR_TEXT[code])} />
      {retryAt !== undefined && <p data-testid="retry-at" data-retry-at={retryAt}>{t('accounts.minecraft.retryAt', { time: retryTime(c.get('locale'), retryAt) })}</p>}
      {code === 'link_needs_sign_in' && (
        <form method="post" action={href(c, `${MINECRAFT_PATH}/link`)} className="accounts__links">
          <input type="hidden" name="agree" value="1" />
          <button type="submit" className="button button--primary">
            {t('accounts.minecraft.signInAgain')}
          </button>
        </form>
      )}
      <Links c={c} back={back} />
    </section>
  )
}

function Links({ c, back }: { c: Context<AccountsEnv>; back: Back }) {
  const t = c.get('t')
  return (
    <p className="accounts__links">
      {back && (
        <a className="button button--primary" href={back} data-testid="wear-back">
          {t('accounts.minecraft.backToSkin')}
        </a>
      )}
      <a className="button button--outlined" href={href(c, MINECRAFT_PATH)}>
        {t('accounts.minecraft.toAccount')}
      </a>
    </p>
  )
}
