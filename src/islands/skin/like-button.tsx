/**
 * The like button with its count. Shows the caller's earlier like (our `liked` field of the
 * `/user` answer, read by the page loader); a like counts at once and is taken back when the API refuses it. A like the API
 * already has (409 `already_liked`) just shows as liked.
 * @module
 */
import { mdiHeart, mdiHeartOutline } from '@mdi/js'
import { useState } from 'react'
import { ApiCallError } from '../../shared/api/api-call-error'
import { useI18n } from '../../shared/i18n/context'
import { showSnackbar } from '../../shared/stores/snackbars'
import { Icon } from '../../shared/ui/icon'
import { errorText } from './error-text'
import { likeSkin } from './skin-api'

/** The like button. */
export function LikeButton({ uuid, likes, liked: likedBefore, ready }: { uuid: string; likes: number; liked: boolean; ready: boolean }) {
  const { t, locale } = useI18n()
  const [count, setCount] = useState(likes)
  const [liked, setLiked] = useState(likedBefore)
  const [busy, setBusy] = useState(false)

  const like = async () => {
    if (liked || busy) return
    setBusy(true)
    setLiked(true)
    setCount((n) => n + 1)
    try {
      await likeSkin(uuid)
    } catch (error) {
      // Already liked before: the count the page showed includes that like.
      setCount((n) => n - 1)
      if (!(error instanceof ApiCallError && error.status === 409)) {
        setLiked(false)
        showSnackbar({ text: errorText(error, t), color: 'error' })
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <button
      type="button"
      className={`button button--outlined button--small skin-like${liked ? ' is-liked' : ''}`}
      aria-pressed={liked}
      disabled={!ready}
      title={t(liked ? 'pages.skin.community.liked' : 'pages.skin.community.like')}
      onClick={() => void like()}
    >
      <Icon path={liked ? mdiHeart : mdiHeartOutline} size={18} />
      <span className="skin-like__count" data-likes={count}>
        {new Intl.NumberFormat(locale).format(count)}
      </span>
      <span className="visually-hidden">{t('pages.skin.community.likes')}</span>
    </button>
  )
}
