/**
 * The drafts kept in this browser: thumbnail, name and when it was saved; a draft opens with a click,
 * and can be deleted (not the one open now).
 * @module
 */
import { mdiDeleteOutline } from '@mdi/js'
import { useI18n } from '../../shared/i18n/context'
import { Icon } from '../../shared/ui/icon'
import type { Draft } from './draft-store'

/** A draft as the list shows it. */
export type DraftSummary = Pick<Draft, 'id' | 'name' | 'thumbnail' | 'updatedAt'>

/** Props of {@link DraftsPanel}. */
export interface DraftsPanelProps {
  drafts: readonly DraftSummary[]
  currentId: string | undefined
  /** False when this browser keeps no drafts. */
  available: boolean
  onOpen(id: string): void
  onDelete(id: string): void
}

/** The list. */
export function DraftsPanel({ drafts, currentId, available, onOpen, onDelete }: DraftsPanelProps) {
  const { t, locale } = useI18n()
  if (!available) return <p className="field-hint field-hint--muted">{t('editor.drafts.storageOff')}</p>
  if (drafts.length === 0) return <p className="field-hint field-hint--muted">{t('editor.drafts.empty')}</p>
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' })
  return (
    <ul className="editor-drafts">
      {drafts.map((draft) => {
        const name = draft.name || t('editor.drafts.untitled')
        const current = draft.id === currentId
        return (
          <li key={draft.id} className={current ? 'editor-draft is-current' : 'editor-draft'} data-draft={draft.id}>
            <button type="button" className="editor-draft__open" aria-current={current || undefined} title={t('editor.drafts.open', { name })} onClick={() => onOpen(draft.id)}>
              {draft.thumbnail ? <img className="editor-draft__thumb" src={draft.thumbnail} alt="" width={16} height={32} /> : <span className="editor-draft__thumb" />}
              <span className="editor-draft__text">
                <span className="editor-draft__name">{name}</span>
                <span className="editor-draft__time">{current ? t('editor.drafts.current') : time.format(draft.updatedAt)}</span>
              </span>
            </button>
            {!current && (
              <button type="button" className="icon-button icon-button--small" aria-label={t('editor.drafts.delete', { name })} title={t('editor.drafts.delete', { name })} onClick={() => onDelete(draft.id)}>
                <Icon path={mdiDeleteOutline} />
              </button>
            )}
          </li>
        )
      })}
    </ul>
  )
}
