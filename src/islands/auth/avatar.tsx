/**
 * The signed-in user's avatar (SPEC §2): the account picture when the web cookie has one, else the
 * initial of the name or email. The `ad_free` grant gets the 'member' style.
 * @module
 */
import { hasGrant, type AuthState } from '../../shared/stores/auth'

/** The letter shown without a picture. */
export const initialOf = (auth: AuthState): string => (auth.name ?? auth.email ?? auth.user ?? '?').trim().slice(0, 1).toUpperCase() || '?'

/** Props: the auth state and the rendered size. */
export interface AvatarProps {
  auth: AuthState
  size?: 'small' | 'large'
}

/** A round avatar; decorative, the surrounding control carries the label. */
export function Avatar({ auth, size = 'small' }: AvatarProps) {
  const member = hasGrant(auth, 'ad_free')
  const className = `avatar__image avatar__image--${size}${member ? ' avatar__image--member' : ''}`
  return auth.picture ? (
    <img className={className} src={auth.picture} alt="" aria-hidden="true" referrerPolicy="no-referrer" data-member={member ? '' : undefined} />
  ) : (
    <span className={`${className} avatar__initial`} aria-hidden="true" data-member={member ? '' : undefined}>
      {initialOf(auth)}
    </span>
  )
}
