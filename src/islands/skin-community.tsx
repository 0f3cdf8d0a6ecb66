/**
 * The community part of a skin page (SPEC §6, reference/mineskin-api.md §3.5): views and
 * likes, tag chips with votes and 'Add tag' (flag `web.tags.visible`), and the report dialog (flag
 * `web.report.visible`). It counts one view per skin per browser (the last 10 skins remembered) in
 * idle time once the visitor has interacted with the page (the solver is not part of the
 * JavaScript run before interaction); the count shown goes up when it was counted. Everything
 * that needs the network or the anti-bot solver loads only when used (DESIGN.md §4).
 * @module
 */
import { mdiEye } from '@mdi/js'
import { useEffect, useState } from 'react'
import { useI18n } from '../shared/i18n/context'
import { afterEngagement } from '../shared/antibot/idle'
import { hasRecentView, rememberView } from '../shared/stores/recent-views'
import { Icon } from '../shared/ui/icon'
import { LikeButton } from './skin/like-button'
import { ReportDialog } from './skin/report-dialog'
import { countView, loadProof } from './skin/skin-api'
import { TagList, type TagItem } from './skin/tag-list'

/** Props of the community island. */
export interface SkinCommunityProps {
  uuid: string
  views: number
  likes: number
  /** Whether this visitor liked the skin before (the `/user` answer). */
  liked: boolean
  /** Tags as the server saw them for this visitor; null when `web.tags.visible` is off. */
  tags: TagItem[] | null
  /** Flag `web.report.visible`. */
  report: boolean
}

/** Counts this browser's view of `uuid` once; resolves true when it was counted now. */
async function countViewOnce(uuid: string): Promise<boolean> {
  if (hasRecentView(uuid)) return false
  await afterEngagement()
  await countView(uuid)
  rememberView(uuid)
  return true
}

/** The community island. */
export default function SkinCommunity({ uuid, views, likes, liked, tags, report }: SkinCommunityProps) {
  const { t, locale } = useI18n()
  const [ready, setReady] = useState(false)
  const [viewCount, setViewCount] = useState(views)

  useEffect(() => {
    setReady(true)
    let live = true
    countViewOnce(uuid).then(
      (counted) => live && counted && setViewCount((n) => n + 1),
      (error: unknown) => console.warn('[skin-community] view not counted', error),
    )
    return () => {
      live = false
    }
  }, [uuid])

  // A visitor heading for a control gets a proof solved ahead, so the action itself does not wait.
  const warmUp = () => void loadProof().then((proof) => proof.prepare())
  return (
    <div className="skin-community" data-ready={ready ? '' : undefined} onPointerEnter={warmUp} onFocus={warmUp}>
      <div className="skin-community__bar">
        <span className="skin-community__views" title={t('pages.skin.community.views')}>
          <Icon path={mdiEye} size={18} />
          <span data-views={viewCount}>{new Intl.NumberFormat(locale).format(viewCount)}</span>
          <span className="visually-hidden">{t('pages.skin.community.views')}</span>
        </span>
        <LikeButton uuid={uuid} likes={likes} liked={liked} ready={ready} />
        {report && <ReportDialog uuid={uuid} ready={ready} />}
      </div>
      {tags && <TagList uuid={uuid} initial={tags} ready={ready} />}
    </div>
  )
}
