/**
 * Tag chips of a skin (reference/mineskin-api.md §3.5): each links to the gallery search for
 * it, with up/down vote arrows showing the caller's vote; suggested tags are outlined with ✓/✗; 'Add
 * tag' posts an up vote for a new tag. Votes show at once and are rolled back when the API refuses.
 * @module
 */
import { mdiArrowDownBold, mdiArrowUpBold, mdiCheck, mdiClose, mdiPlus } from '@mdi/js'
import { useState, type FormEvent } from 'react'
import { useI18n } from '../../shared/i18n/context'
import { searchPath } from '../../shared/routes'
import { showSnackbar } from '../../shared/stores/snackbars'
import { Icon } from '../../shared/ui/icon'
import { errorText } from './error-text'
import { voteTag } from './skin-api'

/**
 * A tag as the API lists it for the caller (`GET /v2/skins/{uuid}/tags`); the page leaves out a vote
 * of null and `suggested: false` (every byte of the page counts).
 */
export interface TagItem {
  tag: string
  vote?: 'up' | 'down' | null
  suggested?: boolean
}

/** Tags the API accepts (reference §1.7): lowercase letters, spaces, hyphens, at most 32. */
const TAG = /^[a-z- ]{1,32}$/

/** Normalises typed text to a tag: trimmed, single spaces, lowercase. */
export const normaliseTag = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase()

/** Props: the skin, its tags as the server saw them, whether the island has started. */
export interface TagListProps {
  uuid: string
  initial: TagItem[]
  ready: boolean
}

/** The tag chips and the 'Add tag' form. */
export function TagList({ uuid, initial, ready }: TagListProps) {
  const { t, locale } = useI18n()
  const [tags, setTags] = useState(initial)
  const [draft, setDraft] = useState('')
  const [problem, setProblem] = useState('')
  const [busy, setBusy] = useState(false)

  const vote = async (tag: string, value: 'up' | 'down', added = false) => {
    const before = tags
    const existing = tags.find((item) => item.tag === tag)
    if (existing?.vote === value) return
    setTags(existing ? tags.map((item) => (item.tag === tag ? { ...item, vote: value } : item)) : [...tags, { tag, vote: value }])
    try {
      await voteTag(uuid, tag, value)
      showSnackbar({ text: added ? t('pages.skin.community.tagAdded', { tag }) : t('pages.skin.community.voted'), color: 'success', timeout: 2000 })
    } catch (error) {
      setTags(before)
      showSnackbar({ text: errorText(error, t), color: 'error' })
    }
  }

  const add = async (event: FormEvent) => {
    event.preventDefault()
    const tag = normaliseTag(draft)
    if (!tag) return setProblem(t('pages.skin.community.tagEmpty'))
    if (!TAG.test(tag)) return setProblem(t('pages.skin.community.tagInvalid'))
    setProblem('')
    setBusy(true)
    await vote(tag, 'up', true)
    setBusy(false)
    setDraft('')
  }

  const search = (tag: string) => searchPath(tag, locale)
  return (
    <section className="skin-tags" aria-labelledby="skin-tags-title">
      <h2 id="skin-tags-title" className="skin-community__title">
        {t('pages.skin.community.tagsTitle')}
      </h2>
      {tags.length === 0 ? (
        <p className="skin-tags__empty">{t('pages.skin.community.noTags')}</p>
      ) : (
        <ul className="skin-tags__list" role="list">
          {tags.map(({ tag, vote: mine, suggested }) => (
            <li key={tag} className={suggested && !mine ? 'tag-chip--suggested' : undefined} data-vote={(ready && mine) || undefined}>
              {/* The chip's text is the tag and it leads to the gallery's search for it; the tooltip saying
                  so comes with the island, not as a sentence per chip in the page (~130 bytes a
                  tag in Hindi). */}
              <a href={search(tag)} title={ready ? t('pages.skin.community.tagSearch', { tag }) : undefined}>
                {tag}
              </a>
              {/* Voting needs the island: the server page sends only the chips, and the vote (which only
                  the arrows show) with the island's props (HTML budget, DESIGN.md §4). */}
              {ready && (
                <>
                  <button type="button" className={`tag-chip__vote${mine === 'up' ? ' is-active' : ''}`} aria-pressed={mine === 'up'} onClick={() => void vote(tag, 'up')} aria-label={t(suggested ? 'pages.skin.community.acceptSuggested' : 'pages.skin.community.voteUp', { tag })}>
                    <Icon path={suggested && !mine ? mdiCheck : mdiArrowUpBold} size={16} />
                  </button>
                  <button type="button" className={`tag-chip__vote${mine === 'down' ? ' is-active' : ''}`} aria-pressed={mine === 'down'} onClick={() => void vote(tag, 'down')} aria-label={t(suggested ? 'pages.skin.community.rejectSuggested' : 'pages.skin.community.voteDown', { tag })}>
                    <Icon path={suggested && !mine ? mdiClose : mdiArrowDownBold} size={16} />
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <form className="skin-tags__add" onSubmit={(event) => void add(event)} noValidate>
        <label htmlFor="skin-tag-new" className="visually-hidden">
          {t('pages.skin.community.addTagLabel')}
        </label>
        <input
          id="skin-tag-new"
          className={`text-input${problem ? ' is-invalid' : ''}`}
          name="tag"
          value={draft}
          maxLength={32}
          autoComplete="off"
          placeholder={t('pages.skin.community.addTagPlaceholder')}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'skin-tag-problem' : undefined}
          disabled={!ready}
          onChange={(event) => {
            setDraft(event.target.value)
            if (problem) setProblem('')
          }}
        />
        <button type="submit" className="button button--outlined button--small" disabled={!ready || busy}>
          <Icon path={mdiPlus} size={18} />
          {t('pages.skin.community.addTag')}
        </button>
        {problem && (
          <p id="skin-tag-problem" className="field-hint field-hint--error" role="alert">
            {problem}
          </p>
        )}
      </form>
    </section>
  )
}
